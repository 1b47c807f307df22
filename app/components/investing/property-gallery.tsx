import { HIGH_FETCH_PRIORITY } from "~/components/ui/image-priority";
import { propertyImageSrc, propertyImageSrcSet } from "~/lib/property-image";
import { Link, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { RouteLink } from "~/components/ui/route-link";
import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { galleryStrip, openPhotoIndex, stepPhoto } from "./gallery-model";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function photoHref(search: URLSearchParams, index: number | null): string {
  const params = new URLSearchParams(search);
  if (index === null) params.delete("photo");
  else params.set("photo", String(index + 1));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * Photos with a viewer driven by ?photo=N: every control is a plain link, so it works
 * without JavaScript; with scripts the viewer also takes arrow keys and Escape.
 */
export function PropertyGallery({ title, images }: { title: string; images: string[] }) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const open = openPhotoIndex(search.get("photo"), images.length);
  const { thumbnails, more } = galleryStrip(images.length);

  if (images.length === 0) {
    return <div className="flex aspect-[16/9] items-center justify-center rounded-xl bg-slate-100 text-slate-500">No photos yet</div>;
  }

  return (
    <section aria-label="Photos">
      <RouteLink to={`${pathname}${photoHref(search, 0)}`} keepScroll className={`block overflow-hidden rounded-xl ${focusRing}`}>
        {/* The page's largest paint: fetched first. */}
        <img
          src={propertyImageSrc(images[0]!)}
          srcSet={propertyImageSrcSet(images[0]!)}
          sizes="(min-width: 1280px) 810px, (min-width: 1024px) 64vw, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)"
          alt={`${title} (1 of ${images.length})`}
          width={1280}
          height={720}
          {...HIGH_FETCH_PRIORITY}
          className="aspect-[16/9] w-full object-cover"
        />
      </RouteLink>
      <ul className="mt-2 grid grid-cols-6 gap-2">
        {images.slice(0, thumbnails).map((src, index) => (
          <li key={src}>
            <RouteLink
              to={`${pathname}${photoHref(search, index)}`}
              keepScroll
              aria-label={`Open photo ${index + 1} of ${images.length}`}
              className={`block overflow-hidden rounded-lg ${focusRing}`}
            >
              <img
                src={propertyImageSrc(src)}
                srcSet={propertyImageSrcSet(src)}
                // A sixth of the main photo's column.
                sizes="(min-width: 1024px) 130px, 16vw"
                alt=""
                loading="lazy"
                width={160}
                height={160}
                className="aspect-square w-full object-cover"
              />
            </RouteLink>
          </li>
        ))}
        {more > 0 ? (
          <li>
            <RouteLink
              to={`${pathname}${photoHref(search, thumbnails)}`}
              keepScroll
              aria-label={`Show ${more} more ${more === 1 ? "photo" : "photos"}`}
              className={`flex aspect-square items-center justify-center rounded-lg bg-slate-800 text-lg font-semibold text-white ${focusRing}`}
            >
              +{more}
            </RouteLink>
          </li>
        ) : null}
      </ul>
      {open !== null ? <PhotoViewer title={title} images={images} index={open} search={search} /> : null}
    </section>
  );
}

function PhotoViewer({ title, images, index, search }: { title: string; images: string[]; index: number; search: URLSearchParams }) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const previous = photoHref(search, stepPhoto(index, -1, images.length));
  const next = photoHref(search, stepPhoto(index, 1, images.length));
  const close = photoHref(search, null);

  useEffect(() => {
    dialogRef.current?.focus();
  }, [index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const to = event.key === "Escape" ? close : event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
      if (!to) return;
      event.preventDefault();
      navigate(to, { preventScrollReset: true, replace: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close, previous, next, navigate]);

  const control = `rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-ink hover:bg-white ${focusRing}`;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/80 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={`${title} photos`}
        tabIndex={-1}
        className="flex w-full max-w-4xl flex-col items-center gap-3 focus:outline-none"
      >
        <img
          src={propertyImageSrc(images[index]!)}
          srcSet={propertyImageSrcSet(images[index]!)}
          sizes="100vw"
          alt={`${title} (${index + 1} of ${images.length})`}
          width={1200}
          height={800}
          className="h-auto max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
        />
        <p className="text-sm text-white" aria-live="polite">
          Photo {index + 1} of {images.length}
        </p>
        <div className="flex gap-3">
          <Link to={previous} replace preventScrollReset className={control}>
            Previous photo
          </Link>
          <Link to={next} replace preventScrollReset className={control}>
            Next photo
          </Link>
          <Link to={close} replace preventScrollReset className={`${control} inline-flex items-center gap-1`}>
            <CloseIcon /> Close
          </Link>
        </div>
      </div>
    </div>
  );
}
