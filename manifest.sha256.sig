# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: EEnyDt1TVSRV6sPK5Q+f/PAtmScXBuUmmTvqvXfBLfr3jFdhgHJlxQ44hr1TjiN3LEewtg0TPohI1rLDIGniAw==
key: d5e9-3725-6cff-20a3
