import { club } from "../../src/config/club";
import type { InitialAccountData } from "../accounts/accounts";

/**
 * The demo accounts of the embedded dev portal (password `rovers-demo`).
 * The portal knows who they are; what they may watch (entitlements, bypassed, blocked) is the
 * site's data, written into `accounts` when each first signs in.
 */
export const DEMO_PASSWORD = "rovers-demo";

export interface DemoUser {
  id: string;
  email: string;
  forename: string;
  surname: string;
  account: InitialAccountData;
}

const e = club.entitlements;

export const demoUsers: readonly DemoUser[] = [
  { id: "demo-fan", email: "fan@rovers.test", forename: "Frankie", surname: "Fan", account: { entitlements: [e.freemium], bypassed: false, blocked: false } },
  { id: "demo-tv", email: "tv@rovers.test", forename: "Terry", surname: "Viewer", account: { entitlements: [e.mid], bypassed: false, blocked: false } },
  { id: "demo-plus", email: "plus@rovers.test", forename: "Pat", surname: "Plus", account: { entitlements: [e.top], bypassed: false, blocked: false } },
  { id: "demo-vip", email: "vip@rovers.test", forename: "Val", surname: "Vip", account: { entitlements: [e.vip], bypassed: false, blocked: false } },
  { id: "demo-bypass", email: "bypass@rovers.test", forename: "Bailey", surname: "Bypass", account: { entitlements: [], bypassed: true, blocked: false } },
  { id: "demo-staff", email: "staff@rovers.test", forename: "Sam", surname: "Staff", account: { entitlements: [e.freemium], bypassed: false, blocked: false, staffRoles: ["administrator"] } },
  { id: "demo-editor", email: "editor@rovers.test", forename: "Eddie", surname: "Editor", account: { entitlements: [e.freemium], bypassed: false, blocked: false, staffRoles: ["editor"] } },
  { id: "demo-operator", email: "operator@rovers.test", forename: "Mo", surname: "Operator", account: { entitlements: [e.freemium], bypassed: false, blocked: false, staffRoles: ["match-operator"] } },
  { id: "demo-support", email: "support@rovers.test", forename: "Sol", surname: "Support", account: { entitlements: [e.freemium], bypassed: false, blocked: false, staffRoles: ["support"] } },
  { id: "demo-commerce", email: "commerce@rovers.test", forename: "Cam", surname: "Commerce", account: { entitlements: [e.freemium], bypassed: false, blocked: false, staffRoles: ["commerce"] } },
  { id: "demo-blocked", email: "blocked@rovers.test", forename: "Blake", surname: "Blocked", account: { entitlements: [e.mid], bypassed: false, blocked: true } },
];

export function demoUserByEmail(email: string): DemoUser | undefined {
  return demoUsers.find((u) => u.email === email.toLowerCase());
}

export function demoUserById(id: string): DemoUser | undefined {
  return demoUsers.find((u) => u.id === id);
}
