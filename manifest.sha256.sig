# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ofrv/1O4OGLTpQu2IMOJkyrwctjqKkk4H7uhMZ1hGqtZe0OUr59Z3Kt/h5zz/xNONjWHS+sNkTknP0SKOw7jCA==
key: d5e9-3725-6cff-20a3
