// The user's keyring through libsecret (the Secret Service), for the one secret BlueLibrary
// keeps: the ListenBrainz token. libsecret's simple password calls take their attributes as C
// variadic arguments, which Swift cannot pass; these wrappers fix them. Each call is
// synchronous (a D-Bus round trip, or an unlock prompt): call them off the GTK thread.
#ifndef BLUELIBRARY_CSECRET_SHIM_H
#define BLUELIBRARY_CSECRET_SHIM_H

#include <libsecret/secret.h>

/// The schema of the token's item: one attribute, `service` = "listenbrainz".
static inline const SecretSchema *bl_secret_token_schema(void) {
    static const SecretSchema schema = {
        "io.github.bluelibrary.Token",
        SECRET_SCHEMA_NONE,
        {{"service", SECRET_SCHEMA_ATTRIBUTE_STRING}, {NULL, 0}},
        0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    };
    return &schema;
}

/// Stores `token` in the default keyring, labelled `label`, in place of the one stored before.
/// On failure returns FALSE and sets `*message` (free it with g_free).
static inline gboolean bl_secret_store_token(const char *label, const char *token, char **message) {
    GError *error = NULL;
    gboolean stored = secret_password_store_sync(bl_secret_token_schema(), SECRET_COLLECTION_DEFAULT, label, token,
                                                 NULL, &error, "service", "listenbrainz", NULL);
    if (error != NULL) {
        *message = g_strdup(error->message);
        g_error_free(error);
        return FALSE;
    }
    return stored;
}

/// The token stored (free it with secret_password_free), or NULL: none stored, or a failure,
/// when `*message` is set (free it with g_free).
static inline char *bl_secret_lookup_token(char **message) {
    GError *error = NULL;
    char *token = secret_password_lookup_sync(bl_secret_token_schema(), NULL, &error, "service", "listenbrainz", NULL);
    if (error != NULL) {
        *message = g_strdup(error->message);
        g_error_free(error);
        return NULL;
    }
    return token;
}

/// Whether the keyring holds a token, locked or not: asked without unlocking anything and
/// without reading the secret (a lookup answers NULL, with no error, when the user leaves the
/// keyring locked). On failure returns FALSE and sets `*message` (free it with g_free).
static inline gboolean bl_secret_token_is_stored(char **message) {
    GError *error = NULL;
    GList *items = secret_password_search_sync(bl_secret_token_schema(), SECRET_SEARCH_NONE, NULL, &error,
                                               "service", "listenbrainz", NULL);
    if (error != NULL) {
        *message = g_strdup(error->message);
        g_error_free(error);
        return FALSE;
    }
    gboolean stored = items != NULL;
    g_list_free_full(items, g_object_unref);
    return stored;
}

/// Removes the stored token (none stored is no failure). On failure returns FALSE and sets
/// `*message` (free it with g_free).
static inline gboolean bl_secret_clear_token(char **message) {
    GError *error = NULL;
    secret_password_clear_sync(bl_secret_token_schema(), NULL, &error, "service", "listenbrainz", NULL);
    if (error != NULL) {
        *message = g_strdup(error->message);
        g_error_free(error);
        return FALSE;
    }
    return TRUE;
}

#endif
