# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: XiE/mFt0QdfLNPBSnxROXZe/GFvw+/XYkXdnyIL2zz+ngyaHC5kUlAi6w04TmAwmWwCGtAYx5KXZuEIwCH0rDQ==
key: d5e9-3725-6cff-20a3
