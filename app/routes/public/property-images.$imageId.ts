import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { findImageVariant } from "~/domain/admin/properties/image-file.server";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { getOptionalUser } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";

const imageNotFound = () => new Response("Not found", { status: 404 });

/** An uploaded property image at one of its stored widths (?w=480|960|1600). Drafts' images are for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { imageId } = requireParams(params, { imageId: "uuid" }, imageNotFound);
  const width = Number.parseInt(new URL(request.url).searchParams.get("w") ?? "960", 10) || 960;
  const viewer = await getOptionalUser(request);
  const key = await findImageVariant(getPrisma(), imageId, width, viewer);
  const stream = key ? await getPrivateStorage().read(key) : null;
  if (!stream) return imageNotFound();
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": "image/webp",
      // An image id never changes its bytes: a new upload is a new id.
      "Cache-Control": viewer?.isAdmin ? "private, max-age=3600" : "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
