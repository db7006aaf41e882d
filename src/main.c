/* main.c: starts Crapette
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette"

#include "config.h"

#include <signal.h>
#include <gtk/gtk.h>

#include "crapette-application.h"
#include "crapette-locale.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CrapetteApplication) application = NULL;

  /* Installed, the catalogues are under LOCALEDIR; `make run` points at the build tree's.
   * The locale is set there, and GTK must not set it again: it would undo the choice made
   * for a session without LANG. */
  gtk_disable_setlocale ();
  crapette_locale_bind_catalogues ();
  /* A network peer that goes away mid-write must not kill the game: the write fails instead
   * and the match waits for the peer to come back. */
  signal (SIGPIPE, SIG_IGN);

  application = crapette_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
