# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: PiWqCJq/yRhTEOQdx1H/wqL+I30XXbfDBBUkCMaoEYtVHD1m4+XDUfZDiTMI9aNLMuviWc9qqXWO4y+KJQU1CQ==
key: 4338-afb4-eb82-715b
