// Password hashes the portal stored before argon2id (scrypt, `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<key>`,
// base64url), made once with the scrypt hashPassword of that time. They must keep verifying (modules/auth/passwords/password.ts)
// until a sign-in replaces them.

/** `secret-pass-1` at the production cost of the time, N=2^17, r=8, p=1. */
export const SCRYPT_PRODUCTION =
  '$scrypt$ln=17,r=8,p=1$raVbHER08XR-m9WsbSp5zw$yG5H_6JTydIRx_hHX359aH9pP-qefL_U7hssezx-OC7SjEC0qcS_idaXBOXeog-_1jOg5GCOMQluPmgJvk1tWw';
/** `old password` at N=2^14. */
export const SCRYPT_CHEAPER =
  '$scrypt$ln=14,r=8,p=1$HyOiwoR_1f_vsBceN5ieLg$pRmBWMYQVAOHaT9ad-KvmsUkYmQ59k5l3MvszOAiL98THwMFLVSduvapG-1CvkMOzRQaoaVD11wtxEomYev6vQ';
/** `Passwört` (composed umlaut) at N=2^12. */
export const SCRYPT_UMLAUT =
  '$scrypt$ln=12,r=8,p=1$db0OWV1joMPCkIXSvjpxYw$BNRu5Z_Bfg7rJ9yPfHxrFSxdmLLe4n0Sf3tZdYpLUarNr_FfH0JDQh-BX5X_ARp-Ax34_-yEA34FljXhr_srtQ';
