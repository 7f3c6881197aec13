import * as z from "zod/mini";
import { menuPageSchema, type MenuPage } from "../src/schemas/shell";
import { getAnswer } from "./api-answer";

/** The main menu's page tree (GET /api/content/menu), asked when the drawer first opens. */
export const menuPages = (): Promise<MenuPage[]> => getAnswer("/api/content/menu", z.array(menuPageSchema));
