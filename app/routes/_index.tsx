import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Aangan" }];

export default function Landing() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Aangan</h1>
    </main>
  );
}
