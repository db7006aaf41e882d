/* ui-test-helpers.h: small helpers the UI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>

#include "crapette-player.h"
#include "crapette-session.h"
#include "crapette-table-private.h"
#include "crapette-view.h"
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

static gboolean
ui_test_wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* What ui_test_run_until() waits for: TRUE once it holds for @data. */
typedef gboolean (*UiTestCondition) (gpointer data);

/* Runs the main loop until @condition holds for @data, waking it every few milliseconds
 * so that a condition no event changes is asked again; fails the test after @timeout_ms. */
static inline void
ui_test_run_until (UiTestCondition  condition,
                   gpointer         data,
                   guint            timeout_ms,
                   const char      *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  guint wake_up = g_timeout_add (5, ui_test_wake_up_cb, NULL);

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("gave up waiting for %s", what);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake_up);
}

static gboolean
ui_test_is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Runs the main loop for @ms milliseconds: what happens meanwhile happens, and the test then
 * checks that what must not have happened did not. */
static inline void
ui_test_run_for (guint ms)
{
  gboolean over = FALSE;

  g_timeout_add (ms, ui_test_timeout_cb, &over);
  ui_test_run_until (ui_test_is_true, &over, ms + 10000, "a pause to pass");
}

/* Runs the main loop until @window is mapped at its size, then ends animations. The limit is
 * only reached on failure: a sanitizer build on a loaded machine takes several seconds to map
 * a first window and resize it. */
static inline void
ui_test_show_window (CrapetteWindow *window,
                     int             width,
                     int             height)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (20000, ui_test_timeout_cb, &timed_out);
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
  CrapetteView *view = crapette_game_get_view (crapette_table_get_game (table));
  guint count = crapette_view_get_count (view, pile);
  graphene_rect_t rect;

  crapette_table_layout_card_rect (crapette_table_get_layout (table), pile,
                                   count > 0 ? count - 1 : 0, MAX (count, 1), &rect);
  graphene_rect_get_center (&rect, point);
}

/* Removes the saved game and its lock from the data folder @data_home, so that the next start
 * finds no game to resume. */
static inline void
ui_test_remove_saves (const char *data_home)
{
  g_autofree char *folder = g_build_filename (data_home, "crapette", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_rmdir (folder);
}

/* Finds the first widget named @name (gtk_widget_set_name()) in @widget, depth first, or
 * %NULL. */
static inline GtkWidget *
ui_test_find_named (GtkWidget  *widget,
                    const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ui_test_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Finds the button inside @widget that activates @action_name, or %NULL. */
static inline GtkWidget *
ui_test_find_action_button (GtkWidget  *widget,
                            const char *action_name)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ui_test_find_action_button (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
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

/* Finds a legal move from a house to a house or a foundation: such a move shows no new
 * card, so once played it may be taken back. */
static inline gboolean
ui_test_find_quiet_move (CrapetteGame *game,
                         CrapetteMove *found)
{
  return ui_test_find_card_move (game, CRAPETTE_PILE_KIND_HOUSE, CRAPETTE_PILE_KIND_HOUSE,
                                 found) ||
         ui_test_find_card_move (game, CRAPETTE_PILE_KIND_HOUSE, CRAPETTE_PILE_KIND_FOUNDATION,
                                 found);
}

/* How a test plays a move for ui_test_find_move_to_take_back(): through the game, the
 * table's clicks or the window's actions. */
typedef void (*UiTestPlay) (const CrapetteMove *move,
                            gpointer            data);

/* Plays through @play, turning a card (or, when turning is not allowed, playing the first
 * legal move) and then any card move, until a move that can be taken back comes up
 * (ui_test_find_quiet_move()); returns it in @found, unplayed. */
static inline void
ui_test_find_move_to_take_back (CrapetteGame *game,
                                UiTestPlay    play,
                                gpointer      data,
                                CrapetteMove *found)
{
  for (guint tries = 0; !ui_test_find_quiet_move (game, found); tries++)
    {
      gsize n_legal = 0;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);
      CrapetteMove move;

      g_assert_cmpuint (tries, <, 200);
      g_assert_cmpint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_PLAYING);
      g_assert_cmpuint (n_legal, >, 0);
      move = legal[0];
      for (gsize i = 0; i < n_legal; i++)
        if (legal[i].kind == CRAPETTE_MOVE_TURN)
          move = legal[i];
      play (&move, data);
      /* Nothing to do with the card turned: play any legal card move. */
      if (!ui_test_find_quiet_move (game, found) &&
          crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING &&
          ui_test_find_card_move (game, CRAPETTE_N_PILE_KINDS, CRAPETTE_N_PILE_KINDS, &move))
        play (&move, data);
    }
}

static gboolean
ui_test_count_frame_cb (GtkWidget     *widget,
                        GdkFrameClock *clock,
                        gpointer       data)
{
  guint *frames = data;

  (*frames)++;
  return G_SOURCE_CONTINUE;
}

/* Waits until @widget (mapped) has been drawn twice since now, so that a
 * picture taken next shows its latest state. */
static inline void
ui_test_wait_for_frames (GtkWidget *widget)
{
  guint frames = 0;
  guint tick = gtk_widget_add_tick_callback (widget, ui_test_count_frame_cb, &frames, NULL);

  while (frames < 2)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, tick);
  ui_test_drain ();
}

/* Saves a picture of @widget (a mapped window) as @name.png in
 * $CRAPETTE_SCREENSHOT_DIR, when that is set, for a person to look at. */
static inline void
ui_test_save_picture (GtkWidget  *widget,
                      const char *name)
{
  const char *directory = g_getenv ("CRAPETTE_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file_name = NULL;
  g_autofree char *path = NULL;
  int width = 0;
  int height = 0;

  if (directory == NULL || directory[0] == '\0')
    return;

  paintable = gtk_widget_paintable_new (widget);
  /* A window that has just changed may not have drawn itself yet; give it a few frames. */
  for (guint tries = 0; node == NULL && tries < 10; tries++)
    {
      GtkSnapshot *snapshot;

      ui_test_wait_for_frames (widget);
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (g_mkdir_with_parents (directory, 0755), ==, 0);
  file_name = g_strconcat (name, ".png", NULL);
  path = g_build_filename (directory, file_name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* Plays @player's choice of move in @session, for the side to move; the session must take
 * it. */
static inline void
ui_test_play_one (CrapetteSession *session,
                  CrapettePlayer  *player)
{
  CrapetteGame *game = crapette_session_get_game (session);
  CrapettePosition view;
  CrapetteMove move;
  g_autoptr (GError) error = NULL;

  crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (game)));
  crapette_player_choose (player, &view, &move);
  g_assert_true (crapette_session_play (session, crapette_game_get_current_player (game), &move,
                                        &error));
  g_assert_no_error (error);
}
