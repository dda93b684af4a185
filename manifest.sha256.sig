# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: erTUjs5hZix1LlLWQWWov/bPOkNBXe9Hvrt0LH2U3e6jeb+R0Q2wUBrS/CwjT0LYAXZiadIHLwbFA+wNnPpvAA==
key: 4338-afb4-eb82-715b
