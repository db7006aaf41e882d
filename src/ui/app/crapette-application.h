/* crapette-application.h: the application, its actions and its command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_APPLICATION (crapette_application_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteApplication, crapette_application, CRAPETTE, APPLICATION,
                      AdwApplication)

/* Creates the application with Crapette's ID and resources. */
CrapetteApplication *crapette_application_new              (void);

/* Creates the About window for @parent (may be %NULL), not yet shown. */
GtkWindow           *crapette_application_new_about_window (GtkWindow *parent);

G_END_DECLS
