import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeletionLinkForm, DeleteWithPasswordForm, EmailDeletionLinkForm, WhatDeletionDoes } from "~/components/account-deletion";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/forms";
import { EMAIL_DELETION_LINK_INTENT } from "~/modules/account/account.schema";
import { deletePageAction, deletePageLoader } from "~/modules/account/delete-page.server";
import { forwardHeaders } from "~/modules/http/forward-headers";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Delete your account | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/** /account/delete: "Delete my account" (docs/decisions/039-account-deletion-and-export.md); the work is in the module. */
export const loader = ({ request, context }: LoaderFunctionArgs) => deletePageLoader(context, request);

export const action = ({ request, context }: ActionFunctionArgs) => deletePageAction(context, request);

export default function DeleteAccountPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData?.result ?? undefined;
  const error = actionData?.error ?? null;

  if (page.mode === "link-expired" || page.mode === "link-invalid") {
    return (
      <AuthLayout title={page.mode === "link-expired" ? "Link Expired" : "Link Not Valid"}>
        <div className="space-y-4 text-center">
          <p role="alert">
            {page.mode === "link-expired"
              ? "This link to delete an account has expired. Such links work for 30 minutes. Nothing was deleted."
              : "This link to delete an account is not valid or has already been used. Nothing was deleted."}
          </p>
          {"canResend" in page && page.canResend ? (
            <Form method="post" action="/account/delete">
              <SubmitButton name="intent" value={EMAIL_DELETION_LINK_INTENT} pendingText="Sending...">
                Email Me a New Link
              </SubmitButton>
            </Form>
          ) : null}
          <Link to="/settings" className="btn-secondary w-full">
            Back to My Account
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Delete Your Account">
      <div className="space-y-6">
        <WhatDeletionDoes />
        {page.mode === "confirm-link" ? (
          <ConfirmDeletionLinkForm email={page.email ?? ""} token={page.token ?? ""} lastResult={result} error={error} />
        ) : page.mode === "password" ? (
          <DeleteWithPasswordForm email={page.email ?? ""} lastResult={result} />
        ) : (
          <EmailDeletionLinkForm email={page.email ?? ""} error={error} />
        )}
        <Link to="/settings" className="btn-secondary w-full">
          Keep My Account
        </Link>
      </div>
    </AuthLayout>
  );
}
