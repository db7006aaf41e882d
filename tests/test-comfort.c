/* test-comfort.c: the system's comfort settings reach the table and the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 17: with high contrast on (libadwaita's, read here from the a11y GSettings key as
 * a desktop without the settings portal gives it), the table draws its marks as solid
 * lines in a dark casing and outlines every card, and goes back when it is turned off;
 * with animations turned off (gtk-enable-animations) a card played is where it goes at
 * once, with no flight; with text scaled by 1.5 (gtk-xft-dpi, what GNOME's "Large Text"
 * sets) no label of the window is cut short, in either game, at 800×600.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-table-colors.h"
#include "crapette-table-highlight.h"
#include "crapette-window-private.h"
#include "ui-test-pictures.h"

#define A11Y_SCHEMA "org.gnome.desktop.a11y.interface"

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  CrapetteGame *game;
} Fixture;

static void
fixture_open (Fixture         *fixture,
              CrapetteVariant  variant,
              int              width,
              int              height)
{
  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->game = crapette_window_get_game (fixture->window);
  crapette_window_set_show_round_results (fixture->window, FALSE);
  crapette_window_new_game (fixture->window, variant, 42);
  ui_test_show_window (fixture->window, width, height);
}

static void
fixture_close (Fixture *fixture)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
}

/* ---- High contrast ------------------------------------------------------------- */

/* Turns libadwaita's high contrast on or off as the desktop would, and waits until the
 * style manager and the table have seen it. */
static void
set_high_contrast (gboolean on)
{
  g_autoptr(GSettings) a11y = g_settings_new (A11Y_SCHEMA);
  AdwStyleManager *style = adw_style_manager_get_default ();

  g_settings_set_boolean (a11y, "high-contrast", on);
  ui_test_drain ();
  g_assert_cmpint (adw_style_manager_get_high_contrast (style), ==, on);
}

/* Where the marks and the card edge are read: South's stock holds cards, the top one
 * marked as picked up; a house with a card is a target; another house is left alone. */
typedef struct
{
  graphene_rect_t held, target, plain;
} Places;

static void
find_places (Fixture *fixture,
             Places  *places)
{
  CrapetteView *view = crapette_game_get_view (fixture->game);
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  CrapettePileId houses[2] = { CRAPETTE_NO_PILE, CRAPETTE_NO_PILE };
  guint found = 0;

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES && found < 2; pile++)
    if (crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_HOUSE &&
        crapette_table_pile_is_used (fixture->table, pile) &&
        crapette_view_get_count (view, pile) > 0)
      houses[found++] = pile;
  g_assert_cmpuint (found, ==, 2);
  g_assert_cmpuint (crapette_view_get_count (view, stock), >, 0);

  crapette_table_let_go (fixture->table);
  fixture->table->selected = stock;
  fixture->table->targets[houses[0]] = TRUE;
  crapette_table_top_card_rect (fixture->table, view, stock, &places->held);
  crapette_table_top_card_rect (fixture->table, view, houses[0], &places->target);
  crapette_table_top_card_rect (fixture->table, view, houses[1], &places->plain);
}

/* What the table shows at the places the high-contrast look changes. */
typedef struct
{
  GdkRGBA held_frame, held_casing, target_frame, target_casing, card_edge;
} Seen;

static void
look (Fixture      *fixture,
      const Places *places,
      Seen         *seen)
{
  UiTestPicture picture = { 0 };
  float held_x = places->held.origin.x + places->held.size.width / 2;
  float target_x = places->target.origin.x + places->target.size.width / 2;

  ui_test_take_picture (GTK_WIDGET (fixture->table), &picture);
  /* The held frame starts 2 px outside the card, the target's 1 px; a casing lies beyond. */
  ui_test_pixel_at (&picture, held_x, places->held.origin.y - 0.5f, &seen->held_frame);
  ui_test_pixel_at (&picture, held_x, places->held.origin.y - 3.0f, &seen->held_casing);
  ui_test_pixel_at (&picture, target_x, places->target.origin.y + 0.5f, &seen->target_frame);
  ui_test_pixel_at (&picture, target_x, places->target.origin.y - 1.5f, &seen->target_casing);
  ui_test_pixel_at (&picture, places->plain.origin.x + 0.5f,
                    places->plain.origin.y + places->plain.size.height / 2, &seen->card_edge);
  g_free (picture.pixels);
}

/* Turned on while the game is shown, high contrast redraws the table in its own palette:
 * the marks' colours, a black casing around them where the baize showed, and a black line
 * on each card's edge where the white face showed; turned off, the usual look is back. */
static void
test_high_contrast (gconstpointer data)
{
  const CrapetteTableColors *usual = crapette_table_colors_get (FALSE);
  const CrapetteTableColors *high = crapette_table_colors_get (TRUE);
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (
    g_settings_schema_source_get_default (), A11Y_SCHEMA, TRUE);
  Fixture fixture;
  Places places;
  Seen seen;

  if (schema == NULL)
    {
      g_test_skip ("the desktop's a11y settings schema is not installed");
      return;
    }

  fixture_open (&fixture, GPOINTER_TO_UINT (data), 1280, 800);
  find_places (&fixture, &places);

  look (&fixture, &places, &seen);
  ui_test_assert_colour_near (&seen.held_frame, &usual->held, "the card held, usually");
  ui_test_assert_colour_near (&seen.target_frame, &usual->target, "a target, usually");
  g_assert_false (ui_test_colour_near (&seen.held_casing, &high->casing));
  g_assert_false (ui_test_colour_near (&seen.target_casing, &high->casing));
  g_assert_false (ui_test_colour_near (&seen.card_edge, &high->card_edge));

  set_high_contrast (TRUE);
  look (&fixture, &places, &seen);
  ui_test_assert_colour_near (&seen.held_frame, &high->held, "the card held, high contrast");
  ui_test_assert_colour_near (&seen.held_casing, &high->casing, "the held frame's casing");
  ui_test_assert_colour_near (&seen.target_frame, &high->target, "a target, high contrast");
  ui_test_assert_colour_near (&seen.target_casing, &high->casing, "the target's casing");
  ui_test_assert_colour_near (&seen.card_edge, &high->card_edge, "a card's edge");
  g_assert_cmpfloat (high->target_tint.alpha, ==, 0);
  g_assert_cmpfloat (high->turn_glow.alpha, ==, 0);

  set_high_contrast (FALSE);
  look (&fixture, &places, &seen);
  ui_test_assert_colour_near (&seen.held_frame, &usual->held, "the card held, back again");
  g_assert_false (ui_test_colour_near (&seen.card_edge, &high->card_edge));

  fixture_close (&fixture);
}

/* ---- Reduce animation ----------------------------------------------------------- */

/* Plays a legal card move by two clicks, as a person would, and returns it. */
static CrapetteMove
play_by_clicks (Fixture *fixture)
{
  CrapetteMove move;

  for (guint tries = 0; !ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                                                 CRAPETTE_N_PILE_KINDS, &move); tries++)
    {
      g_assert_cmpuint (tries, <, 20);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.turn-card",
                                                 NULL));
      crapette_table_finish_animations (fixture->table);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                             "u", (guint32) move.from));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                             "u", (guint32) move.to));
  return move;
}

/* The card @move played lies on its target, drawn there and flying nowhere. */
static void
assert_landed (Fixture            *fixture,
               const CrapetteMove *move)
{
  CrapetteCard card = crapette_view_get_top (crapette_game_get_view (fixture->game), move->to);

  g_assert_true (crapette_card_is_real (card));
  g_assert_false (crapette_table_is_animating (fixture->table));
  g_assert_cmpuint (fixture->table->cards_in_flight[card], ==, 0);
  g_assert_cmpuint (fixture->table->piles_being_dealt, ==, 0);
}

/* With animations on, a card played flies (so the test can see a flight at all); with
 * gtk-enable-animations off, the next card played and a new deal are in place at once and
 * stay so over the next frames. */
static void
test_reduce_animation (gconstpointer data)
{
  GtkSettings *settings = gtk_settings_get_default ();
  Fixture fixture;
  CrapetteMove move;

  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  fixture_open (&fixture, GPOINTER_TO_UINT (data), 1280, 800);
  crapette_table_set_animation_duration (fixture.table, 2000);
  play_by_clicks (&fixture);
  g_assert_true (crapette_table_is_animating (fixture.table));
  crapette_table_finish_animations (fixture.table);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  move = play_by_clicks (&fixture);
  assert_landed (&fixture, &move);
  ui_test_wait_for_frames (GTK_WIDGET (fixture.window));
  assert_landed (&fixture, &move);

  crapette_window_new_game (fixture.window, GPOINTER_TO_UINT (data), 43);
  g_assert_false (crapette_table_is_animating (fixture.table));
  g_assert_cmpuint (fixture.table->piles_being_dealt, ==, 0);

  fixture_close (&fixture);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
}

/* ---- Large text ------------------------------------------------------------------ */

/* Fails the test if @widget or a label inside it, on show, is cut short: ellipsized, lower
 * than its text needs at its width, or reaching out of @window. */
static void
assert_no_label_cut (GtkWidget *widget,
                     GtkWidget *window)
{
  if (!gtk_widget_is_drawable (widget))
    return;

  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      const char *text = gtk_label_get_text (label);
      graphene_rect_t bounds;
      int needed;

      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        g_error ("“%s” is ellipsized in %d px", text, gtk_widget_get_width (widget));
      /* Bounds and measures both count the label's padding. */
      g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, (int) bounds.size.width, &needed,
                          NULL, NULL, NULL);
      if (needed > bounds.size.height + 0.5f)
        g_error ("“%s” needs %d px of height and has %.0f", text, needed, bounds.size.height);
      if (bounds.origin.x < 0 || bounds.origin.y < 0 ||
          bounds.origin.x + bounds.size.width > gtk_widget_get_width (window) + 0.5f ||
          bounds.origin.y + bounds.size.height > gtk_widget_get_height (window) + 0.5f)
        g_error ("“%s” reaches out of the window: %.0f,%.0f %.0f×%.0f", text, bounds.origin.x,
                 bounds.origin.y, bounds.size.width, bounds.size.height);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_no_label_cut (child, window);
}

/* Waits for the window to lay out and draw what changed. */
static void
settle (Fixture *fixture)
{
  crapette_window_flush_status (fixture->window);
  ui_test_wait_for_frames (GTK_WIDGET (fixture->window));
}

static gboolean
hint_shown (Fixture *fixture)
{
  return crapette_window_get_hint (fixture->window) != NULL;
}

/* At 800×600 with text one and a half times its size, every label on show is whole: the
 * title and subtitle, both status lines, a long move in words, a hint and a long toast. */
static void
test_large_text (gconstpointer data)
{
  GtkSettings *settings = gtk_settings_get_default ();
  int dpi = 0;
  Fixture fixture;
  GtkWidget *window;
  gint64 deadline;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  g_object_set (settings, "gtk-xft-dpi", 96 * 1024 * 3 / 2, NULL);
  /* The toast then stands in its place at once, not sliding in from below the window. */
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  fixture_open (&fixture, GPOINTER_TO_UINT (data), 800, 600);
  window = GTK_WIDGET (fixture.window);
  settle (&fixture);
  assert_no_label_cut (window, window);

  crapette_window_announce (fixture.window, "The computer plays the Queen of Diamonds from "
                                            "the computer’s reserve onto your waste pile.");
  settle (&fixture);
  assert_no_label_cut (window, window);

  g_assert_true (gtk_widget_activate_action (window, "win.hint", NULL));
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!hint_shown (&fixture) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (hint_shown (&fixture));
  settle (&fixture);
  assert_no_label_cut (window, window);

  /* The longest refusal the rules give, in English. */
  crapette_window_show_toast (fixture.window, "You can load the opponent's talon only with the "
                                              "other suit of the same color, one rank higher or "
                                              "lower");
  settle (&fixture);
  assert_no_label_cut (window, window);

  fixture_close (&fixture);
  g_object_set (settings, "gtk-xft-dpi", dpi, "gtk-enable-animations", TRUE, NULL);
}

static GtkWidget *
find_window_title (GtkWidget *widget)
{
  if (ADW_IS_WINDOW_TITLE (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_window_title (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
assert_one_line (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (widget))), ==,
                     1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_one_line (child);
}

/* The title and subtitle wrap only when they must: at 1280×800 with text of the usual size,
 * American Bank's long subtitle stays on one line. */
static void
test_title_on_one_line (void)
{
  Fixture fixture;
  GtkWidget *title;

  fixture_open (&fixture, CRAPETTE_VARIANT_AMERICAN, 1280, 800);
  settle (&fixture);
  title = find_window_title (GTK_WIDGET (fixture.window));
  g_assert_nonnull (title);
  assert_one_line (title);
  fixture_close (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  /* Without the settings portal, libadwaita reads high contrast from GSettings, which the
   * tests' memory backend lets them change. */
  g_setenv ("ADW_DISABLE_PORTAL", "1", TRUE);
  g_unsetenv ("ADW_DEBUG_HIGH_CONTRAST");
  ui_test_init (&argc, &argv);
  ui_test_load_style ();

  g_test_add_data_func ("/comfort/russian/high-contrast",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_high_contrast);
  g_test_add_data_func ("/comfort/american/high-contrast",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_high_contrast);
  g_test_add_data_func ("/comfort/russian/reduce-animation",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_reduce_animation);
  g_test_add_data_func ("/comfort/american/reduce-animation",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_reduce_animation);
  g_test_add_func ("/comfort/title-on-one-line", test_title_on_one_line);
  g_test_add_data_func ("/comfort/russian/large-text",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_large_text);
  g_test_add_data_func ("/comfort/american/large-text",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_large_text);
  return g_test_run ();
}
