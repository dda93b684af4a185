# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: VYl24Ag2P9uh6Uw+4NorqKYChLpxCVSlKr/VDl5CzUBqmT7PN+iapgFL0HN7l8bB9Sb38rsijvYyaATQNDdhBg==
key: d5e9-3725-6cff-20a3
