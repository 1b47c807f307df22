import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ImagePicker } from "./property-form-fields";
import { ResponsiveImage } from "./property-card";

function ImageButton({ url, change, label, disabled }: { url: string; change: string; label: string; disabled?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="image" />
      <input type="hidden" name="url" value={url} />
      <button type="submit" name="change" value={change} disabled={disabled} className={buttonClasses("secondary", "sm")}>
        {label}
      </button>
    </Form>
  );
}

/** Add, remove, reorder and choose the cover; each control is its own small form. */
export function ImageManager({ title, images, errors }: { title: string; images: string[]; errors?: string[] }) {
  const uploading = useIsPending({ intent: "add-images" });
  return (
    <section aria-labelledby="images-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="images-heading" className="text-lg font-semibold">
        Images
      </h2>
      {images.length === 0 ? <p className="text-sm text-slate-600">No images yet.</p> : null}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Property images">
        {images.map((url, index) => (
          <li key={url} className="rounded-lg border border-slate-200 p-2" data-image-url={url}>
            <ResponsiveImage
              url={url}
              alt={`${title} image ${index + 1}`}
              sizes="(min-width: 1024px) 33vw, 100vw"
              className="aspect-[16/9] w-full rounded object-cover"
            />
            <p className="mt-1 text-xs text-slate-600">{index === 0 ? "Cover image" : `Image ${index + 1}`}</p>
            <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={`Image ${index + 1} controls`}>
              <ImageButton url={url} change="up" label="Move up" disabled={index === 0} />
              <ImageButton url={url} change="down" label="Move down" disabled={index === images.length - 1} />
              <ImageButton url={url} change="cover" label="Make cover" disabled={index === 0} />
              <ImageButton url={url} change="remove" label="Remove" />
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="add-images" />
        <ImagePicker errors={errors} />
        <StatusButton type="submit" size="sm" pending={uploading}>
          Upload images
        </StatusButton>
      </Form>
    </section>
  );
}
