# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: yGdY1k9n5KX51nf7k6kMNrU30AKrB7z5CKFGhXoFZK9fAT6Tex2gCtZ7IziO7p/arQLSuty+LVRRV4+Y+ZjTAQ==
key: 8108-6bb7-5243-232f
