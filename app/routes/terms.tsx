import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalPageView, legalMeta } from "~/components/legal-page";
import { filledLegalPage } from "~/content/legal";
import { formatPriceShort } from "~/modules/config/money";
import { publicPage } from "~/modules/http/page-policy";

/** /terms: the owner's words from app/content/legal.ts; the same for every visitor, so kept at the edge. */
export const handle = publicPage;

export const meta = legalMeta("/terms");

export function loader({ context }: LoaderFunctionArgs) {
  const { config } = context;
  return { page: filledLegalPage("/terms", { price: formatPriceShort(config.price), supportEmail: config.supportEmail }) };
}

export default function Page() {
  return <LegalPageView page={useLoaderData<typeof loader>().page} />;
}
