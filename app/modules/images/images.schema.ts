import { z } from "zod";
import { IMAGE_FORMATS, IMAGE_STYLES } from "~/modules/images/designs";
import { IMAGE_SIZE_OPTIONS } from "~/modules/images/styles";

export const UNKNOWN_STYLE = `Unknown style: use one of ${IMAGE_STYLES.join(", ")}.`;
export const UNKNOWN_FORMAT = `Unknown format: use one of ${IMAGE_FORMATS.join(", ")}.`;
export const UNKNOWN_SIZE = `Unknown size: use one of ${IMAGE_SIZE_OPTIONS.join(", ")}.`;

/** `/cards/{id}/image.png?style=&format=&size=&download=&t=`: style, format and size default to elegant, card and full. */
export const cardImageQuerySchema = z.object({
  style: z.enum(IMAGE_STYLES, { error: UNKNOWN_STYLE }).optional().default("elegant"),
  format: z.enum(IMAGE_FORMATS, { error: UNKNOWN_FORMAT }).optional().default("card"),
  size: z.enum(IMAGE_SIZE_OPTIONS, { error: UNKNOWN_SIZE }).optional().default("full"),
  download: z
    .string()
    .optional()
    .transform((value) => value === "1" || value === "true"),
  /** A share link's token (checked by shareIssuerOf in app/modules/sharing/share-links.server.ts). */
  t: z.string().optional(),
});
