/** The declaration's id from the address (`/…/:id`): a positive whole number, else the page is not found. */
export function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}
