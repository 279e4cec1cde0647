import type { ToastInput } from "~/modules/toast/toast";

/** What POST /favorites answers a fetcher (client-safe: the favourite button reads it). */
export type FavoriteActionData =
  | { ok: true; cardId: string; isFavorite: boolean; toast: ToastInput }
  | { ok: false; cardId: string | null; toast: ToastInput };
