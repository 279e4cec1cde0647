/**
 * A name for a device the buyer recognises on the settings page ("iPhone", "Android phone", "Mac"), from its user
 * agent: coarse on purpose, and only ever shown to the account that subscribed it.
 */
export function deviceLabel(userAgent: string | null): string {
  const agent = userAgent ?? "";
  const system = /iPhone/.test(agent)
    ? "iPhone"
    : /iPad/.test(agent)
      ? "iPad"
      : /Android/.test(agent)
        ? /Mobile/.test(agent)
          ? "Android phone"
          : "Android tablet"
        : /Macintosh|Mac OS X/.test(agent)
          ? "Mac"
          : /Windows/.test(agent)
            ? "Windows computer"
            : /CrOS/.test(agent)
              ? "Chromebook"
              : /Linux/.test(agent)
                ? "Linux computer"
                : "Device";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  return browser ? `${system}, ${browser}` : system;
}
