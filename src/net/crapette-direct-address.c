/* crapette-direct-address.c: the join address of a game on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read with GUri, so an IPv6 host in brackets and percent-escapes are understood; anything
 * that is not exactly a Crapette address, with a pin and a key of the right length, is
 * refused with one plain sentence.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-direct-address.h"

#include <string.h>
#include <glib/gi18n-lib.h>

char *
crapette_direct_address_format (const char   *host,
                                guint16       port,
                                const char   *pin,
                                const guint8 *key)
{
  g_autofree char *key_hex = NULL;
  gboolean ipv6 = strchr (host, ':') != NULL;

  g_return_val_if_fail (host != NULL && pin != NULL && key != NULL, NULL);

  key_hex = crapette_net_format_hex (key, CRAPETTE_NET_KEY_SIZE);
  return g_strdup_printf ("crapette-direct://%s%s%s:%u/?pin=%s&key=%s", ipv6 ? "[" : "", host,
                          ipv6 ? "]" : "", port, pin, key_hex);
}

gboolean
crapette_direct_address_parse (const char  *address,
                               char       **host,
                               guint16     *port,
                               char       **pin,
                               guint8      *key,
                               GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(GHashTable) params = NULL;
  const char *pin_hex, *key_hex;
  guint8 pin_bytes[32];

  g_return_val_if_fail (address != NULL, FALSE);

  uri = g_uri_parse (address, G_URI_FLAGS_NONE, NULL);
  if (uri != NULL && g_uri_get_query (uri) != NULL)
    params = g_uri_parse_params (g_uri_get_query (uri), -1, "&", G_URI_PARAMS_NONE, NULL);
  pin_hex = params != NULL ? g_hash_table_lookup (params, "pin") : NULL;
  key_hex = params != NULL ? g_hash_table_lookup (params, "key") : NULL;
  if (uri == NULL || g_strcmp0 (g_uri_get_scheme (uri), "crapette-direct") != 0 ||
      g_uri_get_host (uri) == NULL || g_uri_get_port (uri) <= 0 ||
      g_uri_get_port (uri) > G_MAXUINT16 || pin_hex == NULL || key_hex == NULL ||
      !crapette_net_parse_hex (pin_hex, pin_bytes, sizeof pin_bytes) ||
      !crapette_net_parse_hex (key_hex, key, CRAPETTE_NET_KEY_SIZE))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("This is not the address of a Crapette game"));
      return FALSE;
    }
  *host = g_strdup (g_uri_get_host (uri));
  *port = (guint16) g_uri_get_port (uri);
  *pin = g_ascii_strdown (pin_hex, -1);
  return TRUE;
}
