#ifndef LIBCURL_ON_DEMAND_H
#define LIBCURL_ON_DEMAND_H

/// Loads libcurl (libcurl.so.4) if it is not loaded yet: the executable defines the libcurl
/// functions FoundationNetworking's URLSession calls, and each one loads the library on its first
/// call and forwards to it. So only a command that fetches over URLSession (`probe`) loads libcurl
/// and the libraries it brings (TLS, Kerberos, LDAP…, about 5 MB resident); `serve` never does.
///
/// Returns 1 when libcurl is loaded; 0 when it cannot be, with `failure` set to the loader's
/// message (the library missing, or a function missing from it). Safe to call from any thread,
/// and more than once. Elsewhere than on Linux (where URLSession does not use libcurl), returns 1.
int beagle_libcurl_load(const char *_Nullable *_Nonnull failure);

#endif
