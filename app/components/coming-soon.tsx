/** The body of a page whose feature arrives with a later issue; its route is already guarded. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{description}</p>
    </div>
  );
}
