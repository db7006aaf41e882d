/* crapette-direct-certificate.c: the host's own certificate for games on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GIO reads certificates but cannot make one, so GnuTLS's x509 API makes it: an ECDSA P-256
 * key (quick to make, small to send) and a certificate for it signed by itself, valid ten
 * years. The file holds both, readable by its owner only.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-direct-certificate.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#define VALID_SECONDS (10 * 365 * 24 * 3600)

char *
crapette_direct_certificate_get_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "crapette", "direct-host.pem", NULL);
}

static gboolean
gnutls_failed (int       result,
               GError  **error)
{
  if (result >= 0)
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("Could not make this computer’s certificate for network games: %s"),
               gnutls_strerror (result));
  return TRUE;
}

/* Appends the PEM export of a key or a certificate. */
static gboolean
append_pem (GString  *text,
            int       result,
            gnutls_datum_t *pem,
            GError  **error)
{
  if (gnutls_failed (result, error))
    return FALSE;
  g_string_append_len (text, (const char *) pem->data, pem->size);
  gnutls_free (pem->data);
  return TRUE;
}

static char *
make_certificate_pem (GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t pem = { NULL, 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  guint8 serial[16];
  time_t now = time (NULL);
  gboolean made = FALSE;

  for (guint i = 0; i < sizeof serial; i++)
    serial[i] = (guint8) g_random_int_range (0, 256);
  serial[0] &= 0x7f;   /* a positive number, as x509 wants */

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error) ||
      gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                   GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1),
                                                   0), error) ||
      gnutls_failed (gnutls_x509_crt_init (&crt), error) ||
      gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error) ||
      gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error) ||
      gnutls_failed (gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600), error) ||
      gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, now + VALID_SECONDS), error) ||
      gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0,
                                                    "Crapette", strlen ("Crapette")), error) ||
      gnutls_failed (gnutls_x509_crt_set_key (crt, key), error) ||
      gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error))
    goto out;
  if (!append_pem (text, gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &pem), &pem, error) ||
      !append_pem (text, gnutls_x509_privkey_export2 (key, GNUTLS_X509_FMT_PEM, &pem), &pem,
                   error))
    goto out;
  made = TRUE;

out:
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return made ? g_strdup (text->str) : NULL;
}

GTlsCertificate *
crapette_direct_certificate_load (const char  *path,
                                  GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *pem = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return g_tls_certificate_new_from_file (path, error);

  pem = make_certificate_pem (error);
  if (pem == NULL)
    return NULL;
  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not keep this computer’s certificate in “%s”: %s"), folder,
                   g_strerror (saved));
      return NULL;
    }
  /* The private key is in the file: only its owner may read it. */
  if (!g_file_set_contents_full (path, pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
    return NULL;
  return g_tls_certificate_new_from_pem (pem, -1, error);
}

char *
crapette_direct_certificate_get_pin (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
}

char *
crapette_direct_certificate_short_code (const char   *pin,
                                        const guint8 *key)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize size = sizeof digest;
  guint64 number = 0;

  g_return_val_if_fail (pin != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  /* Drawn through a hash of the pin and this game's key together, so that the code says
   * nothing the pin's first digits would not and differs from one game to the next, while
   * both players can work it out from the join address alone; 10⁸ codes make a match by
   * chance unlikely. */
  g_checksum_update (checksum, (const guchar *) "crapette-code", sizeof "crapette-code");
  g_checksum_update (checksum, (const guchar *) pin, (gssize) strlen (pin) + 1);
  g_checksum_update (checksum, key, CRAPETTE_NET_KEY_SIZE);
  g_checksum_get_digest (checksum, digest, &size);
  for (guint i = 0; i < 5; i++)
    number = number << 8 | digest[i];
  number %= 100000000;
  return g_strdup_printf ("%04u %04u", (guint) (number / 10000), (guint) (number % 10000));
}
