# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: bTwDVYZHJRwP1KcIpqrHKNDKUaBP/PkhwhlKrQ3eHvm72Ix6HX3YVIJQveRJZ7bjU2qyiXiG4M0fB5tsV1CyBA==
key: d5e9-3725-6cff-20a3
