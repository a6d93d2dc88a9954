int x; // expected-no-diagnostics
