# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: RW9xtY+19X9Yvffc4WxJVrduMjHZZ2wr1ZQUaI19V4VdXL5aQ/34o8eEWWb3ySi6Lq1TdZqvHCW1fDGbr9g5Bw==
key: d5e9-3725-6cff-20a3
