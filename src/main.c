/* main.c: starts Crapette
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "crapette-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CrapetteApplication) application = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = crapette_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
