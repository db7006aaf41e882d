/* test-table-highlight.c: the table's five marks look different and can be read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card held, its targets, a hint, the computer's last move and the keyboard
 * focus each have a look of their own (crapette-table-highlight.h). These
 * tests measure the focus ring's contrast against the card and both baizes
 * (WCAG 2.1 non-text contrast) from the colours the drawing and the style
 * sheets use, draw each mark alone and read back its colour, and check that
 * a hint is no card held and that the computer's moves are marked for a
 * moment.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "crapette-table-highlight.h"
#include "ui-test-pictures.h"

/* ---- Contrast ------------------------------------------------------------------ */

static double
linear_channel (double value)
{
  return value <= 0.04045 ? value / 12.92 : pow ((value + 0.055) / 1.055, 2.4);
}

/* The relative luminance of WCAG 2.1, of an opaque colour. */
static double
relative_luminance (const GdkRGBA *colour)
{
  return 0.2126 * linear_channel (colour->red) + 0.7152 * linear_channel (colour->green) +
         0.0722 * linear_channel (colour->blue);
}

static double
contrast_ratio (const GdkRGBA *a,
                const GdkRGBA *b)
{
  double la = relative_luminance (a), lb = relative_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The baize colour a style sheet of the application gives the table. */
static void
read_baize (const char *resource,
            GdkRGBA    *baize)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *text = NULL;
  g_autofree char *value = NULL;

  g_assert_nonnull (bytes);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  regex = g_regex_new ("crapette-table\\s*\\{[^}]*background-color:\\s*([^;]+);", 0, 0, NULL);
  g_assert_true (g_regex_match (regex, text, 0, &match));
  value = g_match_info_fetch (match, 1);
  g_assert_true (gdk_rgba_parse (baize, value));
  g_assert_cmpfloat (baize->alpha, ==, 1.0);
}

/* The focus ring is two bands of at least 3 px; against the card's face and
 * both baizes, one band or the other stands out at 3:1 or more. */
static void
test_focus_contrast (void)
{
  const GdkRGBA *bands[] = { &crapette_highlight_focus_inner, &crapette_highlight_focus_outer };
  GdkRGBA light, dark, high_contrast, high_contrast_dark;
  struct
  {
    const char *name;
    const GdkRGBA *colour;
  } grounds[] = {
    { "card", &crapette_highlight_card_face },
    { "baize", &light },
    { "dark baize", &dark },
    { "high-contrast baize", &high_contrast },
    { "dark high-contrast baize", &high_contrast_dark },
  };

  read_baize ("/io/github/crapette/Crapette/style.css", &light);
  read_baize ("/io/github/crapette/Crapette/style-dark.css", &dark);
  read_baize ("/io/github/crapette/Crapette/style-hc.css", &high_contrast);
  read_baize ("/io/github/crapette/Crapette/style-hc-dark.css", &high_contrast_dark);
  g_assert_cmpfloat (CRAPETTE_HIGHLIGHT_FOCUS_BAND, >=, 3.0f);

  for (guint i = 0; i < G_N_ELEMENTS (grounds); i++)
    {
      double best = 0;

      for (guint b = 0; b < G_N_ELEMENTS (bands); b++)
        {
          double ratio = contrast_ratio (bands[b], grounds[i].colour);

          g_assert_cmpfloat (bands[b]->alpha, ==, 1.0f);
          g_test_message ("focus band %u on the %s: %.2f:1", b, grounds[i].name, ratio);
          best = MAX (best, ratio);
        }
      if (best < 3.0)
        g_error ("the focus ring has %.2f:1 on the %s, less than 3:1", best, grounds[i].name);
    }
}

/* The marks' main colours are far apart from each other, so none is taken for another. */
static void
test_colours_differ (void)
{
  const GdkRGBA *colours[] = {
    &crapette_highlight_held, &crapette_highlight_target, &crapette_highlight_hint,
    &crapette_highlight_last_move, &crapette_highlight_focus_inner,
  };

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (colours); j++)
      {
        double distance = sqrt (pow (colours[i]->red - colours[j]->red, 2) +
                                pow (colours[i]->green - colours[j]->green, 2) +
                                pow (colours[i]->blue - colours[j]->blue, 2));

        g_test_message ("marks %u and %u: %.2f apart", i, j, distance);
        g_assert_cmpfloat (distance, >, 0.35);
      }
}

/* ---- Drawing ------------------------------------------------------------------- */

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  CrapetteGame *game;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->game = crapette_window_get_game (fixture->window);
  crapette_window_set_show_round_results (fixture->window, FALSE);
  crapette_window_new_game (fixture->window, GPOINTER_TO_UINT (data), 42);
  ui_test_show_window (fixture->window, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (fixture->game, fixture);
  g_signal_handlers_disconnect_by_data (crapette_window_get_computer (fixture->window), fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
}

/* Takes away every mark. */
static void
clear_marks (Fixture *fixture)
{
  CrapetteTable *table = fixture->table;

  crapette_table_let_go (table);
  crapette_table_mark_last_move (table, CRAPETTE_NO_SEAT, NULL);
  gtk_window_set_focus_visible (GTK_WINDOW (fixture->window), FALSE);
}

/* The rectangle of the top card of @pile. */
static void
top_rect (Fixture         *fixture,
          CrapettePileId   pile,
          graphene_rect_t *rect)
{
  guint count = crapette_view_get_count (crapette_game_get_view (fixture->game), pile);

  crapette_table_layout_card_rect (crapette_table_get_layout (fixture->table), pile,
                                   count > 0 ? count - 1 : 0, MAX (count, 1), rect);
}

/* Each mark alone on South's reserve, read back just above the card's top
 * edge (the band each mark paints there), and the hint's arrow. */
static void
test_each_mark_drawn (Fixture       *fixture,
                      gconstpointer  data)
{
  CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  CrapettePileId foundation = crapette_pile_foundation (0);
  CrapetteMove hint = { CRAPETTE_MOVE_CARD, reserve, foundation, CRAPETTE_CARD_NONE };
  graphene_rect_t card, extent;
  graphene_point_t from, to;
  UiTestPicture picture = { 0 };
  GdkRGBA seen;
  float x;

  top_rect (fixture, reserve, &card);
  x = card.origin.x + card.size.width / 2;

  clear_marks (fixture);
  fixture->table->selected = reserve;
  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  ui_test_pixel_at (&picture, x, card.origin.y - 0.5f, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_held, "the card held");
  g_free (picture.pixels);

  clear_marks (fixture);
  fixture->table->targets[reserve] = TRUE;
  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  ui_test_pixel_at (&picture, x, card.origin.y, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_target, "a target");
  g_free (picture.pixels);

  clear_marks (fixture);
  crapette_table_show_hint (fixture->table, &hint);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  ui_test_pixel_at (&picture, x, card.origin.y - 3.5f, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_hint, "the hint's frame");
  ui_test_pile_point (fixture->table, reserve, &from);
  ui_test_pile_point (fixture->table, foundation, &to);
  ui_test_pixel_at (&picture, (from.x + to.x) / 2, (from.y + to.y) / 2, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_hint, "the hint's arrow");
  g_free (picture.pixels);

  clear_marks (fixture);
  crapette_table_mark_last_move (fixture->table, CRAPETTE_SOUTH, &hint);
  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  ui_test_pixel_at (&picture, x, card.origin.y - 2.0f, &seen);
  /* A glow: orange, brighter in red than in green, nothing like the gold frame. */
  g_assert_cmpfloat (seen.red, >, 0.7f);
  g_assert_cmpfloat (seen.red - seen.green, >, 0.2f);
  g_assert_cmpfloat (seen.green - seen.blue, >, 0.05f);
  g_free (picture.pixels);

  clear_marks (fixture);
  gtk_widget_grab_focus (crapette_table_get_pile_view (fixture->table, reserve));
  gtk_window_set_focus_visible (GTK_WINDOW (fixture->window), TRUE);
  extent = card;
  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  ui_test_pixel_at (&picture, x, extent.origin.y - CRAPETTE_HIGHLIGHT_FOCUS_GAP - 1.5f, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_focus_inner,
                              "the focus ring's inner band");
  ui_test_pixel_at (&picture, x, extent.origin.y - CRAPETTE_HIGHLIGHT_FOCUS_GAP -
                         CRAPETTE_HIGHLIGHT_FOCUS_BAND - 1.5f, &seen);
  ui_test_assert_colour_near (&seen, &crapette_highlight_focus_outer,
                              "the focus ring's outer band");
  g_free (picture.pixels);
  clear_marks (fixture);
}

/* ---- Hints and the last move ------------------------------------------------------ */

/* A legal move of a card; while there is none, the player turns a card. */
static CrapetteMove
find_card_move (Fixture *fixture)
{
  CrapetteMove move;

  for (guint tries = 0; !ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                                                 CRAPETTE_N_PILE_KINDS, &move); tries++)
    {
      g_assert_cmpuint (tries, <, 20);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.turn-card",
                                                 NULL));
    }
  return move;
}

/* A hint marks a card and its target without picking the card up; a card
 * picked up leaves the hint in view, and the next move takes the hint away. */
static void
test_hint_is_not_held (Fixture       *fixture,
                       gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  CrapettePileId from, to;

  crapette_table_show_hint (fixture->table, &move);
  g_assert_true (crapette_table_get_hint (fixture->table, &from, &to));
  g_assert_cmpuint (from, ==, move.from);
  g_assert_cmpuint (to, ==, move.to);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  g_assert_false (crapette_table_pile_is_target (fixture->table, move.to));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                             "u", (guint32) move.from));
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move.from);
  g_assert_true (crapette_table_get_hint (fixture->table, NULL, NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                             "u", (guint32) move.to));
  g_assert_false (crapette_table_get_hint (fixture->table, NULL, NULL));

  /* Escape takes a hint away too. */
  crapette_table_show_hint (fixture->table, &move);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.cancel", NULL));
  g_assert_false (crapette_table_get_hint (fixture->table, NULL, NULL));
}

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop for @ms milliseconds. */
static void
run_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * 1000;
  guint wake_up = g_timeout_add (5, wake_up_cb, NULL);

  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_up);
}

/* A move marked stays marked for a moment, then goes; the next move takes it away at once. */
static void
test_mark_last_move (Fixture       *fixture,
                     gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  CrapettePileId from, to;
  CrapetteSeat seat = crapette_game_get_current_player (fixture->game);

  crapette_table_mark_last_move (fixture->table, seat, &move);
  g_assert_true (crapette_table_get_marked_move (fixture->table, &from, &to));
  g_assert_cmpuint (from, ==, move.from);
  g_assert_cmpuint (to, ==, move.to);
  run_for (CRAPETTE_HIGHLIGHT_LAST_MOVE_MS / 2);
  g_assert_true (crapette_table_get_marked_move (fixture->table, NULL, NULL));
  run_for (CRAPETTE_HIGHLIGHT_LAST_MOVE_MS / 2 + 300);
  g_assert_false (crapette_table_get_marked_move (fixture->table, &from, &to));
  g_assert_cmpuint (from, ==, CRAPETTE_NO_PILE);

  /* Turning a card marks the mover's stock and turned card. */
  {
    CrapetteMove turn = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                          CRAPETTE_CARD_NONE };

    crapette_table_mark_last_move (fixture->table, CRAPETTE_NORTH, &turn);
    g_assert_true (crapette_table_get_marked_move (fixture->table, &from, &to));
    g_assert_cmpuint (from, ==, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH));
    g_assert_cmpuint (to, ==, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_NORTH));
  }

  crapette_table_mark_last_move (fixture->table, seat, &move);
  g_assert_true (crapette_game_play (fixture->game, &move, NULL));
  g_assert_false (crapette_table_get_marked_move (fixture->table, NULL, NULL));

  /* A move taken back takes its mark with it. */
  crapette_table_mark_last_move (fixture->table, seat, &move);
  g_assert_true (crapette_game_can_undo (fixture->game));
  g_assert_true (crapette_game_undo (fixture->game));
  g_assert_false (crapette_table_get_marked_move (fixture->table, NULL, NULL));
}

typedef struct
{
  Fixture *fixture;
  gboolean computer_moving;
  CrapetteMove move;
  CrapetteSeat seat;
  guint marked;
} ComputerWatch;

static void
on_announce_cb (CrapetteComputerTurn *computer,
                const char           *description,
                ComputerWatch        *watch)
{
  watch->computer_moving = TRUE;
  watch->seat = crapette_game_get_current_player (watch->fixture->game);
}

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    ComputerWatch      *watch)
{
  if (watch->computer_moving)
    watch->move = *move;
}

/* Checks, once the computer's move is played, that the table marks it. */
static gboolean
check_mark_cb (gpointer data)
{
  ComputerWatch *watch = data;
  CrapettePileId from, to;

  if (!watch->computer_moving)
    return G_SOURCE_CONTINUE;
  watch->computer_moving = FALSE;
  if (watch->move.kind != CRAPETTE_MOVE_CARD)
    return G_SOURCE_CONTINUE;
  g_assert_true (crapette_table_get_marked_move (watch->fixture->table, &from, &to));
  g_assert_cmpuint (from, ==, watch->move.from);
  g_assert_cmpuint (to, ==, watch->move.to);
  watch->marked++;
  return G_SOURCE_CONTINUE;
}

/* Each card the computer plays is marked, where it came from and where it went. */
static void
test_computer_move_marked (Fixture       *fixture,
                           gconstpointer  data)
{
  CrapetteComputerTurn *computer = crapette_window_get_computer (fixture->window);
  ComputerWatch watch = { fixture, FALSE, { 0 }, CRAPETTE_NO_SEAT, 0 };
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint check;
  CrapetteRules rules;
  guint64 deal = 1;

  crapette_rules_init_default (&rules);
  for (;; deal++)
    {
      CrapettePosition position;

      crapette_position_deal (&position, GPOINTER_TO_UINT (data), &rules, deal, 0);
      if (position.to_move == CRAPETTE_NORTH)
        break;
    }
  g_signal_connect (computer, "announce", G_CALLBACK (on_announce_cb), &watch);
  g_signal_connect (fixture->game, "move-applied", G_CALLBACK (on_move_applied_cb), &watch);
  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_window_new_game (fixture->window, GPOINTER_TO_UINT (data), deal);
  crapette_table_set_animation_duration (fixture->table, 30);
  crapette_computer_turn_set_pace (computer, 0);

  check = g_timeout_add (1, check_mark_cb, &watch);
  while (watch.marked < 2 && g_get_monotonic_time () < deadline &&
         crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (check);
  g_signal_handlers_disconnect_by_data (computer, &watch);
  g_signal_handlers_disconnect_by_data (fixture->game, &watch);
  g_assert_cmpuint (watch.marked, >=, 1);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/table-highlight/focus-contrast", test_focus_contrast);
  g_test_add_func ("/table-highlight/colours-differ", test_colours_differ);
  g_test_add ("/table-highlight/russian/each-mark-drawn", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_each_mark_drawn,
              fixture_tear_down);
  g_test_add ("/table-highlight/russian/hint-is-not-held", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_hint_is_not_held,
              fixture_tear_down);
  g_test_add ("/table-highlight/american/hint-is-not-held", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), fixture_set_up,
              test_hint_is_not_held, fixture_tear_down);
  g_test_add ("/table-highlight/russian/mark-last-move", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_mark_last_move,
              fixture_tear_down);
  g_test_add ("/table-highlight/russian/computer-move-marked", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up,
              test_computer_move_marked, fixture_tear_down);
  g_test_add ("/table-highlight/american/computer-move-marked", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), fixture_set_up,
              test_computer_move_marked, fixture_tear_down);
  return g_test_run ();
}
