/* main.c: starts Crapette
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette"

#include "config.h"

#include "crapette-application.h"
#include "crapette-locale.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CrapetteApplication) application = NULL;

  /* Installed, the catalogues are under LOCALEDIR; `make run` points at the build tree's. */
  crapette_locale_bind_catalogues ();

  application = crapette_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
