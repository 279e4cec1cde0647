import { z } from "zod";
import { IMAGE_FORMATS, IMAGE_STYLES } from "~/modules/images/designs";

export const UNKNOWN_STYLE = `Unknown style: use one of ${IMAGE_STYLES.join(", ")}.`;
export const UNKNOWN_FORMAT = `Unknown format: use one of ${IMAGE_FORMATS.join(", ")}.`;

/** `/cards/{id}/image.png?style=&format=&download=&t=`: style and format default to elegant and card. */
export const cardImageQuerySchema = z.object({
  style: z.enum(IMAGE_STYLES, { error: UNKNOWN_STYLE }).optional().default("elegant"),
  format: z.enum(IMAGE_FORMATS, { error: UNKNOWN_FORMAT }).optional().default("card"),
  download: z
    .string()
    .optional()
    .transform((value) => value === "1" || value === "true"),
  /** A share link's token (checked by shareIssuerOf in app/modules/sharing/share-links.server.ts). */
  t: z.string().optional(),
});
