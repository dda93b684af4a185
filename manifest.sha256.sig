# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: KWP1g6wttqcE0kwtO+PBl8k8TRWIhpbZgWJ80IUanX7R3qEDt++L3vHzgJvqunSODq6AyTSbGlH/j9i9fJ2eBA==
key: 4338-afb4-eb82-715b
