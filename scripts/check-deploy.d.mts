export function topLevelVars(toml: string): Record<string, string>;
export function secretNames(json: string): Set<string>;
export function checkDeploy(toml: string, secretListJson: string): string[];
