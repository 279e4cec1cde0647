/** Any address no route claims: the root error boundary renders 'Page Not Found' with a 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
