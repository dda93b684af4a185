# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: 7x0KTX1GQGf9QEsvPiL4aIn8Yvqo3YRJOL+PW9lAtNRa/Ki7ZFk+azA7y6/fkmkQlo7PjO0FzsDwnNknLioaCg==
key: 8108-6bb7-5243-232f
