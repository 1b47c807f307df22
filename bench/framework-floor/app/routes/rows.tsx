import { useLoaderData } from "@remix-run/react";

const ROWS = 20;

// A list page's shape with nothing of ours in it: a loader that waits on I/O for a millisecond
// (as a database read would) and returns twenty rows, drawn as a table.
export async function loader() {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return {
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: String(i),
      title: `Row ${i + 1}`,
      amount: `₹${(i + 1) * 1250}.00`,
      at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    })),
  };
}

export default function Rows() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Rows</h1>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.title}</td>
              <td>{row.amount}</td>
              <td>{row.at}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
