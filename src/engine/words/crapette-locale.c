/* crapette-locale.c: the player's language: where its catalogues are, and its digits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-locale.h"

/*
 * An uninstalled program has no catalogues under LOCALEDIR: they are compiled into the build
 * tree's po/ folder. The executable cannot tell by itself whether it is installed, so `meson
 * devenv` (which `make run` uses) names that folder in $CRAPETTE_LOCALEDIR, beside the schema
 * and icon folders it names the same way, and the localized tests set it too. An installed copy
 * never sees the variable unless someone sets it on purpose.
 */

/* Sets the locale from the environment and binds Crapette's catalogues: those in
 * $CRAPETTE_LOCALEDIR when it is set, else the installed ones. Returns the folder bound. */
const char *
crapette_locale_bind_catalogues (void)
{
  const char *localedir = g_getenv (CRAPETTE_LOCALEDIR_VARIABLE);

  if (localedir == NULL || localedir[0] == '\0')
    localedir = LOCALEDIR;
  setlocale (LC_ALL, "");
  /* gettext ignores LANGUAGE in the plain "C" locale, which is what a session without LANG
   * (a bare console, a container) gets: `LANGUAGE=fa make run` would stay in English there.
   * Its UTF-8 twin reads and writes text alike and lets LANGUAGE choose the catalogue. */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "") > 0 &&
      (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0 ||
       g_strcmp0 (setlocale (LC_MESSAGES, NULL), "POSIX") == 0))
    setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return localedir;
}

/*
 * printf writes Western digits whatever the language: glibc's "%Id" follows LC_CTYPE, which
 * is often C.UTF-8 when only LANGUAGE names the player's language, and GLib has nothing of
 * its own. So the translation itself says which digits its readers use, and the text shown
 * to them has its digits swapped. Each call looks the translation up again, because a test
 * or a settings change may switch the language while the program runs.
 */

static const char * const western_digits[] = {
  "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", NULL
};

/* Splits the translated digits into ten characters, or returns %NULL if they are not ten. */
static char **
split_digits (const char *digits)
{
  g_autoptr (GPtrArray) split = g_ptr_array_new_with_free_func (g_free);

  if (!g_utf8_validate (digits, -1, NULL))
    return NULL;
  for (const char *p = digits; *p != '\0'; p = g_utf8_next_char (p))
    g_ptr_array_add (split, g_strndup (p, g_utf8_next_char (p) - p));
  if (split->len != 10)
    return NULL;
  g_ptr_array_add (split, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&split), FALSE);
}

/* Returns the ten digits of the player's language, zero first, one string per digit. */
const char * const *
crapette_locale_get_digits (void)
{
  /* The last digits read are kept for as long as the translation gives the same string. */
  static GMutex lock;
  static char *cached_source;
  static char **cached_digits;
  /* Translators: the ten digits your language writes numbers with, from zero to nine, with
   * nothing between them. Keep "0123456789" if your readers use those (Persian: "۰۱۲۳۴۵۶۷۸۹"). */
  const char *digits = C_("digits", "0123456789");
  const char * const *result;

  if (g_strcmp0 (digits, "0123456789") == 0)
    return western_digits;

  g_mutex_lock (&lock);
  if (g_strcmp0 (digits, cached_source) != 0)
    {
      char **split = split_digits (digits);

      /* A translation with the wrong number of digits falls back on the Western ones rather
       * than garbling every number; the i18n tests catch it. */
      if (split == NULL)
        {
          g_mutex_unlock (&lock);
          return western_digits;
        }
      /* The previous array is leaked on purpose: a caller may still hold it. */
      cached_digits = split;
      g_free (cached_source);
      cached_source = g_strdup (digits);
    }
  result = (const char * const *) cached_digits;
  g_mutex_unlock (&lock);
  return result;
}

/* Returns a copy of @text with its ASCII digits written in the player's language's digits. */
char *
crapette_locale_localize_digits (const char *text)
{
  const char * const *digits;
  GString *localized;

  g_return_val_if_fail (text != NULL, NULL);

  digits = crapette_locale_get_digits ();
  if (digits == western_digits)
    return g_strdup (text);

  localized = g_string_sized_new (strlen (text) + 8);
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p >= '0' && *p <= '9')
        g_string_append (localized, digits[*p - '0']);
      else
        g_string_append_c (localized, *p);
    }
  return g_string_free (localized, FALSE);
}

/* Returns @value written in the player's language's digits. */
char *
crapette_locale_format_number (guint64 value)
{
  g_autofree char *western = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  return crapette_locale_localize_digits (western);
}
