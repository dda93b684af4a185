# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ykXfJ5wjEUEwAFuNURmymfydwo/brtrIbqg0Swe0B2xyaye68pTBzS0R+So71M7ofmDVrAZ6oyzotZOsTyYgDw==
key: 8108-6bb7-5243-232f
