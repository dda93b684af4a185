# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: RCn7Zx3aP3wsXffU11/YWT66sRWocqgiZMng+bm4jGjWQtJyYo5QumVMDscVRvWenu1tihgp5eTLsLxwCquIBg==
key: 4338-afb4-eb82-715b
