/** The parts of http_ece (no types of its own) the push tests decrypt with: RFC 8188's aes128gcm, RFC 8291's keys. */
declare module "http_ece" {
  type DecryptParams = { version: "aes128gcm"; privateKey: import("node:crypto").ECDH; authSecret: Buffer };
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
