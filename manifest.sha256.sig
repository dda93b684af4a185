# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: Tgk2JSaRH+04t0tAGCG/5nxxFv+oxCjnTCupOjKaq+hue5hh71ZZjiz9sBJdpBXyAGbENFe2XQpONOnadSb4CQ==
key: 8108-6bb7-5243-232f
