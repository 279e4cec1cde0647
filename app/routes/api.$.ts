import { apiError } from "~/modules/api/json.server";

/** Any /api/ path no route claims: JSON, never the HTML 'Page Not Found', whatever the method. */
const notFound = () => apiError(404, "Not found.");

export const loader = notFound;
export const action = notFound;
