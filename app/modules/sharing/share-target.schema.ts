import { z } from "zod";
import { SHARE_TARGETS } from "./share-path";

/** The `via` of a share link's request: one of the sites the share menu links to. */
export const shareTargetSchema = z.enum(SHARE_TARGETS);
