/**
 * Passwords of 8+ characters that top the public breach lists (shorter ones fail the length rule anyway).
 * Compared case-insensitively. Client-safe, so the browser can say so before submitting.
 */
const COMMON_PASSWORDS = new Set([
  "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword",
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "11111111", "00000000", "87654321",
  "12341234", "11223344", "123qweasd", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "qwertyui", "qwertyuiop",
  "qwerty123", "qwerty12", "asdfghjkl", "asdfasdf", "zxcvbnm1", "abcd1234", "abc12345", "abcdefgh",
  "iloveyou", "iloveyou1", "sunshine", "sunshine1", "princess", "princess1", "football", "football1",
  "baseball", "basketball", "superman", "batman123", "starwars", "whatever", "trustno1", "letmein1",
  "letmein123", "welcome1", "welcome123", "changeme", "changeme1", "computer", "internet", "michelle",
  "jennifer", "jordan23", "liverpool", "chelsea1", "mustang1", "shadow12", "master12", "dragon12",
  "monkey12", "freedom1", "qazwsxedc", "zaq12wsx", "aa123456", "a1b2c3d4", "q1w2e3r4", "1234qwer",
  "admin123", "administrator", "passpass", "secret123", "loveyou1", "blessed1", "blessed123", "jesus123",
  "jesus1234", "jesuschrist", "jesusloves", "jesuslovesme", "jesusismylord", "godisgood", "godisgood1",
  "godislove", "faithful", "faith123", "hallelujah", "christian", "christ123", "amen1234", "heaven12",
  "praisegod", "lovegod1", "trinity1", "grace123", "blessing", "blessings", "lightcards", "lightcards1",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
