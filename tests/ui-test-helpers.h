/* ui-test-helpers.h: small helpers the UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "crapette-table-private.h"
#include "crapette-window.h"

/* Starts GTK and libadwaita for a test. Without a session bus (a bare Xvfb), the
 * accessibility bridge cannot start and would warn, which fails the test. */
static inline void
ui_test_init (int    *argc,
              char ***argv)
{
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

/* Loads the style sheet that CrapetteApplication would load, for tests that look. */
static inline void
ui_test_load_style (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/io/github/crapette/Crapette/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static gboolean
ui_test_timeout_cb (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @window is mapped at its size, then ends animations. */
static inline void
ui_test_show_window (CrapetteWindow *window,
                     int             width,
                     int             height)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (5000, ui_test_timeout_cb, &timed_out);
  CrapetteTable *table = crapette_window_get_table (window);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  while (!timed_out && (!gtk_widget_get_mapped (GTK_WIDGET (table)) ||
                        gtk_widget_get_width (GTK_WIDGET (window)) <= 1))
    g_main_context_iteration (NULL, TRUE);

  /* The default size counts the client-side decorations' margins too: ask
   * for that much more, so the window itself gets the size wanted. */
  if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
      gtk_widget_get_height (GTK_WIDGET (window)) != height)
    gtk_window_set_default_size (GTK_WINDOW (window),
                                 2 * width - gtk_widget_get_width (GTK_WIDGET (window)),
                                 2 * height - gtk_widget_get_height (GTK_WIDGET (window)));
  while (!timed_out &&
         (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
          gtk_widget_get_height (GTK_WIDGET (window)) != height))
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("the window is %d×%d, not %d×%d", gtk_widget_get_width (GTK_WIDGET (window)),
             gtk_widget_get_height (GTK_WIDGET (window)), width, height);
  g_source_remove (timeout);

  /* Let the layout settle, then put every card in place. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  crapette_table_finish_animations (table);
}

/* Runs whatever the main loop has ready, without waiting. */
static inline void
ui_test_drain (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Stores the centre of the top card (or the empty place) of @pile, in the table. */
static inline void
ui_test_pile_point (CrapetteTable    *table,
                    CrapettePileId    pile,
                    graphene_point_t *point)
{
  const CrapettePosition *view = crapette_game_get_view (crapette_table_get_game (table));
  guint count = view->piles[pile].count;
  graphene_rect_t rect;

  crapette_table_layout_card_rect (crapette_table_get_layout (table), pile,
                                   count > 0 ? count - 1 : 0, MAX (count, 1), &rect);
  graphene_rect_get_center (&rect, point);
}

/* Finds the first legal move taking a card from a pile of @from_kind (any kind when
 * %CRAPETTE_N_PILE_KINDS) to a pile of @to_kind (any when %CRAPETTE_N_PILE_KINDS). */
static inline gboolean
ui_test_find_card_move (CrapetteGame     *game,
                        CrapettePileKind  from_kind,
                        CrapettePileKind  to_kind,
                        CrapetteMove     *found)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (game, &n_moves);

  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind != CRAPETTE_MOVE_CARD)
        continue;
      if (from_kind != CRAPETTE_N_PILE_KINDS && crapette_pile_kind (moves[i].from) != from_kind)
        continue;
      if (to_kind != CRAPETTE_N_PILE_KINDS && crapette_pile_kind (moves[i].to) != to_kind)
        continue;
      *found = moves[i];
      return TRUE;
    }
  return FALSE;
}
