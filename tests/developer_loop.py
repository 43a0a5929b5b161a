"""What the developer's loop (``pytest -m "not slow"``) leaves out, beyond the tests marked
``slow`` where they are written: the costliest tests and cases, measured with
``benchmarks/test_cost.py``, each leaving a cheaper test of the same thing in the loop.

The README's command runs everything; the loop is to cost at most a fifth of what the whole
suite cost at f4b39a6 (456 s of processor time on the development machine,
docs/benchmarks.md "The test suite"). Each entry names a test function by its file and
name: :data:`ALL` leaves out every case, :func:`keep` every case but those named (by their
pytest id), :func:`every` all but one case in ``n`` (in the order collected).
``conftest.pytest_collection_modifyitems`` marks them ``slow``;
``tests/test_developer_loop.py`` checks that every entry still names a test.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kept:
    """The cases of a test the loop keeps: those with an id in ``ids``, and every
    ``nth`` case counted from the first (0: none)."""

    ids: frozenset[str] = frozenset()
    nth: int = 0

    def keeps(self, case_id: str | None, index: int) -> bool:
        """Whether the loop keeps the case ``case_id``, the ``index``-th of its test."""
        return (case_id is not None and case_id in self.ids) or (
            self.nth > 0 and index % self.nth == 0
        )


ALL = Kept()
"""No case kept."""


def keep(*ids: str) -> Kept:
    """Only the cases with these pytest ids kept."""
    return Kept(frozenset(ids))


def every(nth: int) -> Kept:
    """One case in ``nth`` kept: the first, then every ``nth`` after it."""
    return Kept(nth=nth)


LEFT_OUT: dict[str, Kept] = {
    # Whole books, kits and curated books typeset, and deals graded one after the other
    # to choose them: the loop keeps the levels' ramp, the moves' short words, a level
    # not found and the bad input.
    "test_books.py::test_the_curated_book_names_the_command_that_makes_it_again": ALL,
    "test_books.py::test_no_wrapped_line_of_moves_starts_with_a_separator": ALL,
    "test_books.py::test_a_letter_book_leaves_no_page_mostly_empty": ALL,
    "test_books.py::test_deals_are_taken_in_order_and_of_the_level_asked": ALL,
    "test_books.py::test_book_command_json": ALL,
    "test_books.py::test_the_first_deal_of_a_level": ALL,
    "test_books.py::test_a_book_is_byte_identical_and_letter_sized": ALL,
    "test_books.py::test_sheet_of_a_level": ALL,
    "test_books.py::test_a_reshuffle_book_prints_each_new_stock": ALL,
    "test_books.py::test_puzzle_pages_show_no_solution": ALL,
    "test_books.py::test_the_book_pdf": ALL,
    "test_books.py::test_the_manifest_lines_replay_to_a_win": ALL,
    "test_books.py::test_solution_keys_speak_of_the_game_s_own_moves": ALL,
    # Printed commands run again: one sheet's in the loop, the others (every game, paper,
    # numbering and flag; books, kits, levels, explicit deals) in the suite.
    "test_commands.py::test_a_sheets_command_prints_the_same_sheet_again": keep(
        "tripeaks --seed 1"
    ),
    "test_commands.py::test_every_puzzle_of_a_book_prints_a_command_for_its_sheet": ALL,
    "test_commands.py::test_a_books_cover_gives_the_command_that_makes_it_again": ALL,
    "test_commands.py::test_a_kits_sheets_print_commands_that_run": ALL,
    "test_commands.py::test_an_explicit_deals_command_names_its_cards": ALL,
    "test_commands.py::test_a_sheet_of_a_level_prints_the_command_that_picks_it_again": ALL,
    # Real processes: one of each kind stays.
    "test_hostile_input.py::test_a_fifo_is_refused_without_hanging": keep("deal file"),
    "test_hostile_input.py::test_a_closed_standard_input_is_one_line": keep("--deal-file"),
    "test_hostile_input.py::test_a_signal_stops_a_batch_and_its_workers": keep("2-130"),
    "test_hostile_input.py::test_a_signal_during_start_up_is_one_line": keep("2"),
    "test_hostile_input.py::test_a_terminal_without_suit_symbols_gets_letters": ALL,
    "test_stats_cluster.py::test_dask_gives_the_local_pool_records_deal_for_deal": ALL,
    "test_stats_cluster.py::test_a_resumed_dask_run_adds_only_the_missing_deals": ALL,
    "test_stats_cluster.py::test_a_running_cluster_is_used_by_its_address": ALL,
    "test_stats_cluster.py::test_the_verb_on_a_local_cluster": ALL,
    "test_stats_cluster.py::test_a_local_cluster_that_cannot_start_is_one_line": ALL,
    "test_stats_cluster.py::test_a_worker_killed_mid_run_still_gives_every_deal_once": ALL,
    "test_stats_cluster.py::test_a_server_that_is_no_scheduler_is_one_line": ALL,
    "test_startup.py::test_a_verb_that_needs_it_imports_it": keep("drawing"),
    "test_cli.py::test_jokers_in_stock_end_to_end": ALL,
    "test_cli.py::test_a_deal_proved_lost_before_any_move_says_so": ALL,
    # Every deck configuration: two in the loop, of the two papers, sizes, layouts and
    # bleeds.
    "test_deck.py::test_every_sheet_leaves_ten_millimetres_for_marks_and_footer": keep(
        "a4-poker-duplex-False-long-edge", "letter-bridge-gutter-fold-True-long-edge"
    ),
    "test_deck.py::test_backs_land_behind_their_faces_on_every_paper": keep(
        "a4-poker-False-long-edge"
    ),
    "test_deck.py::test_crop_marks_run_to_the_edge_and_never_touch_a_card": keep(
        "a4_deck", "letter_short"
    ),
    # Card files for print shops: every whole export (the loop keeps the profiles, the
    # plan, the refusals).
    "test_card_export.py::test_every_image_has_its_profiles_pixel_size_resolution_and_srgb": ALL,
    "test_card_export.py::test_the_bleed_is_filled_to_every_edge_pixel": ALL,
    "test_card_export.py::test_nothing_but_the_ground_lies_outside_the_safe_zone": ALL,
    "test_card_export.py::test_the_manifest_lists_every_card_its_files_and_the_profiles_figures": (
        ALL
    ),
    "test_card_export.py::"
    "test_large_indices_four_colours_and_a_back_text_stay_inside_the_safe_zone": ALL,
    "test_card_export.py::test_the_export_writes_52_faces_one_back_and_a_manifest_by_default": (
        ALL
    ),
    "test_card_export.py::"
    "test_a_pdf_card_covers_its_whole_page_and_sets_its_trim_and_bleed_boxes": ALL,
    "test_imposition.py::test_the_book_command_makes_a_print_shop_pdf_of_a_real_book_on_letter": (
        ALL
    ),
    "test_imposition.py::test_the_book_command_makes_a_booklet_of_a_real_book": ALL,
    # The solvers against slower references and against each other: a case or a sample
    # of each in the loop.
    "test_tripeaks_solver.py::test_best_score_beats_the_solver_line": ALL,
    "test_tripeaks_solver.py::test_result_json": ALL,
    "test_tripeaks_solver.py::test_best_score_of_a_lost_deal_pays_the_penalty": ALL,
    "test_tripeaks_solver.py::test_best_score_with_budget_returns_best_so_far": ALL,
    "test_tripeaks_solver.py::test_handing_over_to_values_keeps_verdicts_and_lines": keep(
        "standard"
    ),
    "test_tripeaks_solver.py::test_values_are_the_search_verdicts": keep("standard"),
    "test_tripeaks_solver.py::test_lean_free_search_is_the_generic_one": keep("standard"),
    "test_pyramid_solver.py::test_bound_never_above_the_shortest_win": every(20),
    "test_pyramid_solver.py::test_agrees_with_breadth_first_search_with_few_ranks": keep(
        "0", "1", "2"
    ),
    "test_pyramid_solver.py::test_short_by_rank_matches_trying_every_set": every(10),
    "test_pyramid_solver.py::test_golden_shortest_lines": keep(
        "standard-deal-1", "clear-the-board-deal-1", "published-deck-3"
    ),
    "test_pyramid_solver.py::test_agrees_with_breadth_first_search_on_four_rows": keep(
        "0", "1", "2"
    ),
    "test_pyramid_solver.py::test_rank_heavy_positions_agree_with_breadth_first_search": every(10),
    "test_pyramid_solver.py::test_every_card_games_agree_with_breadth_first_search": every(16),
    "test_pyramid_solver.py::test_fewest_of_one_rank_match_a_plain_search": every(16),
    "test_pyramid_solver.py::test_agrees_with_breadth_first_search": every(10),
    "test_pyramid_solver.py::test_ranks_of_a_child_cycle_found_from_its_parent": every(4),
    "test_ricochet_solver.py::test_random_endgames_agree_with_brute_force": keep(
        "standard", "no-wrap"
    ),
    "test_ricochet_solver.py::test_numbered_deals_agree_with_reference": keep("standard"),
    "test_ricochet_solver.py::test_strict_numbered_deals_agree_with_reference": keep("standard"),
    "test_ricochet_solver.py::test_options_change_verdicts": ALL,
    "test_conformance.py::test_every_solitaire_conforms": ALL,
    "test_poker_strategy.py::test_state_ev_is_the_engine_average_over_every_completion": ALL,
    "test_poker_strategy.py::test_stored_table_recomputes": ALL,
    "test_poker_strategy.py::test_fast_round_matches_the_engine": keep("1", "2"),
    "test_poker_rulebook.py::test_the_odds_positions_are_legal_and_computed": keep("0-5", "2-5"),
    "test_poker_rulebook.py::test_the_seven_card_rulebook_deals_two_cards": ALL,
    "test_poker_rulebook.py::test_the_chart_is_on_one_page_with_its_key": ALL,
    "test_poker_rulebook.py::test_the_five_aces_ruling_gives_its_reason_and_the_other_reading": ALL,
    "test_poker_hands.py::test_fast_path_agrees_with_readable_evaluator_on_every_strength_class": (
        ALL
    ),
    "test_poker_hands.py::test_antisymmetry": ALL,
    "test_poker_hands.py::test_transitivity": ALL,
    "test_poker_hands.py::test_adding_a_card_never_lowers_a_hand": ALL,
    "test_poker_hands.py::test_the_option_changes_only_five_aces": ALL,
    "test_poker_problems.py::test_standard_decisions_are_close": ALL,
    "test_poker_standard.py::test_random_rounds_keep_the_invariants": ALL,
    # Grading: the verbs' route to the one grading for two rule sets (their agreement on
    # real grades, in the suite).
    "test_grading.py::test_every_verb_gives_a_deal_the_same_grade": ALL,
    "test_grading.py::test_the_levels_a_deal_can_reach_hold_its_level": ALL,
    "test_grading.py::test_every_verb_asks_the_one_grading_for_each_deal": keep(
        "tripeaks-", "pyramid-clear-the-board"
    ),
    "test_stats.py::test_stats_grade_gives_each_deal_the_level_solve_grade_gives": ALL,
    "test_cli_pysolfc.py::test_the_first_deal_of_a_level_is_looked_for_among_pysolfcs_games": ALL,
    "test_cli_pysolfc.py::test_the_remake_command_keeps_the_paper_and_the_spoiler_free_flag": ALL,
    "test_seeds.py::test_stored_grades_are_the_grading_s_own": keep("ricochet-first-steps-0"),
    "test_seeds.py::test_seeded_verdicts_hold": keep(
        "tripeaks-first-deals-0", "pyramid-first-deals-0", "ricochet-first-deals-0"
    ),
    # Printables: one sheet, rulebook, mat and kit-free check of each kind in the loop,
    # the other games, papers and options in the suite; the kits whole.
    "test_pdfs.py::test_output_is_byte_identical_for_identical_input": ALL,
    "test_pdfs.py::test_no_rulebook_page_is_left_half_empty": keep("tripeaks-a4"),
    "test_pdfs.py::test_every_pdf_printed_at_true_size_asks_viewers_not_to_scale_it": ALL,
    "test_pdfs.py::test_spoiler_free_sheet_draws_backs": ALL,
    "test_pdfs.py::test_every_bookmark_of_a_sheet_opens_the_page_of_its_heading": ALL,
    "test_pdfs.py::test_a_long_footer_is_cut_short_of_the_page_number": ALL,
    "test_tripeaks_printables.py::test_no_sheet_page_is_nearly_empty": keep("1-options0-a4-False"),
    "test_tripeaks_printables.py::test_no_rulebook_page_is_nearly_empty": keep(
        "options0-a4", "options1-letter"
    ),
    "test_tripeaks_printables.py::test_a_lost_deal_ends_with_the_card_penalty_named": ALL,
    "test_tripeaks_printables.py::test_face_up_sheets_mention_no_face_down_cards": ALL,
    "test_tripeaks_printables.py::test_jokers_fit_the_deal_order_on_one_page": ALL,
    "test_pyramid_printables.py::test_a_sheet_has_a_time_budget_and_says_when_it_ran_out": ALL,
    "test_ricochet_printables.py::test_the_expert_sheet_ends_on_a_page_worth_printing": ALL,
    "test_mats.py::test_words_on_the_mat_keep_clear_of_seams_and_targets": keep("any_mat0"),
    "test_mats.py::test_the_foot_of_every_page_keeps_ten_millimetres_from_the_edges": keep(
        "any_mat0"
    ),
    "test_mats.py::test_one_target_at_each_corner_and_no_two_crosses_touch": keep("any_mat0"),
    "test_mats.py::test_the_page_map_names_every_page_in_six_point_letters": keep("pyramid-letter"),
    "test_poker_printables.py::test_eight_seat_sheet_is_byte_identical": ALL,
    "test_poker_printables.py::test_eight_seats_stay_legible_and_fit_the_page": ALL,
    "test_words_markup.py::test_a_sheet_with_bad_words_is_refused_in_one_line": keep("unclosed"),
    "test_machinery.py::test_rules_dir_rewords_a_sheet": ALL,
    "test_fifth_game.py::test_sheet_rules_mat_and_book": ALL,
    "test_fifth_game.py::test_stats_and_what_it_cannot_do": ALL,
    "test_typesetting_limits.py::test_a_house_source_that_would_set_too_much_is_refused": keep(
        "2,000 pages", "2,500 table rows", "200,000 paragraphs"
    ),
    "test_architecture.py::test_a_new_module_is_checked_by_its_folder": every(4),
    "test_quickref.py::test_a_quick_reference_back_reads_upright_when_the_card_is_turned_over": (
        keep("long-edge-a4", "short-edge-letter")
    ),
    "test_poker_printables.py::test_the_deal_order_replays_the_round": keep("options0-1"),
    "test_poker_printables.py::test_the_round_model_is_the_bots_round": keep("options0-1"),
    "test_tripeaks_printables.py::test_rulebook_tips_follow_the_options": ALL,
    # Tables of bad input, one refusal a case: every other case in the loop.
    "test_hostile_input.py::test_bad_input_gives_one_line_and_leaves_nothing": every(2),
    "test_cli_poker.py::test_bad_poker_input_gives_one_clear_line": every(2),
    "test_machinery.py::test_shared_modules_know_no_game": every(2),
    "test_hostile_markdown.py::test_hostile_markdown_is_refused_in_one_line": every(2),
    "test_house_sandbox.py::test_a_hostile_house_source_is_refused_in_one_line": every(2),
    "test_words_markup.py::test_words_outside_the_whitelist_are_refused": every(2),
    "test_kit.py::test_the_kit_is_its_parts_with_a_cover_contents_and_blank_backs": ALL,
    "test_kit.py::test_one_sided_pages_have_blank_backs_that_say_so": ALL,
    "test_kit.py::test_the_contents_page_points_at_the_right_pages": ALL,
    "test_kit.py::test_bookmarks_hold_every_part_and_their_own_outlines": ALL,
    "test_kit.py::test_every_bookmark_of_a_sheet_opens_the_page_of_its_heading": ALL,
    "test_kit.py::test_footers_number_the_kits_pages": ALL,
    "test_kit.py::test_the_cover_says_what_is_where_and_how_to_print": ALL,
    "test_kit.py::test_the_pdf_asks_for_true_size_and_long_edge_duplex": ALL,
    "test_kit.py::test_the_registry_decides_the_parts": ALL,
    "test_kit.py::test_every_kit_deal_prints_the_command_that_remakes_it": ALL,
    "test_kit.py::test_the_print_check_counts_the_pages_of_the_kit": ALL,
    "test_kit.py::test_the_puzzle_book_in_the_kit_gives_the_kits_pages": ALL,
    # The lite kits whole: the loop keeps the grounds drawn ink-light, the lite deck, the
    # suits in greyscale, the refusals and a lite kit made through the command line.
    "test_lite_kit.py::test_a_lite_kit_fills_no_ground": ALL,
    "test_lite_kit.py::test_a_lite_kit_takes_no_more_sheets": ALL,
    "test_lite_kit.py::test_a_lite_kits_words_say_how_it_is_drawn": ALL,
    "test_lite_kit.py::test_a_lite_kit_inks_less": ALL,
    # Issue 34's loop at a fifth of f4b39a6's suite (benchmarks/test_cost.py, 2026-11-29):
    # the costliest tests left, each with a cheaper check of its area kept.
    # The kit built whole to compare with its parts made already: the loop keeps the
    # footer renumbered as typeset, the kit's deals and the cover's rules.
    "test_kit.py::test_a_kit_takes_the_parts_made_already_renumbered": ALL,
    # Printing without rich against rich on thousands of drawn texts, and the verbs piped
    # through real processes: the loop keeps the verbs' own lines, what is declined, a
    # board of each game printed as rich prints it and a terminal's colours.
    "test_plain_output.py::test_plain_text_is_what_rich_prints_or_nothing": ALL,
    "test_plain_output.py::test_markup_is_escaped_as_rich_escapes_it": ALL,
    "test_plain_output.py::test_several_objects_are_joined_as_rich_joins_them": ALL,
    "test_plain_output.py::test_piped_verbs_print_the_bytes_rich_prints": ALL,
    # The compiled cores against the Python ones: a case each in the loop.
    "test_pyramid_compiled.py::test_the_compiled_score_search_finds_what_the_python_one_does": keep(
        "8-options2"
    ),
    # Random games played out: the loop keeps the rules' own ruling tests and Pyramid's
    # legal moves drawn at random.
    "test_pyramid_properties.py::test_random_games_keep_the_invariants": ALL,
    "test_tripeaks_properties.py::test_random_games_keep_the_invariants": ALL,
    # Worker pools started, broken and left in real processes: the loop keeps a pool
    # reused, a batch's order and a worker's error raised here.
    "test_parallel.py::test_a_pool_started_early_has_its_workers_import_what_it_names": ALL,
    "test_parallel.py::test_an_error_ends_the_workers_and_the_pool_starts_new_ones": ALL,
    "test_parallel.py::test_leaving_a_map_early_ends_the_workers": ALL,
    # A whole site built to be refused a linked subfolder: the loop keeps every hostile
    # house source refused in one line.
    "test_house_sandbox.py::test_the_site_refuses_a_subfolder_linked_out": ALL,
    # Data files rebuilt from scratch.
    "test_data_rebuild.py::test_the_strategy_table_rebuilt_and_read_back": ALL,
    "test_data_rebuild.py::test_the_lattices_rebuilt_are_the_shipped_ones": ALL,
    # Issue 34's loop, second round (benchmarks/test_cost.py, 2026-11-29, evening): the
    # costliest tests that repeat a check the loop makes more cheaply, each named with it.
    # A book worded by a house folder: the loop keeps a rulebook worded by one and the
    # book's --rules-dir refused and never overwritten.
    "test_machinery.py::test_rules_dir_rewords_a_book": ALL,
    # A broken house source stopping the website (its worker pool started first): the loop
    # keeps the same one line naming the file and line through `rules`.
    "test_site.py::test_a_broken_house_source_is_one_line_naming_the_file": ALL,
    # TriPeaks' shortest lines against breadth-first search: the loop keeps the stored
    # lengths and no win one turn shorter (nine deals).
    "test_tripeaks_shortest.py::test_as_short_as_breadth_first_search": ALL,
    # The conformance kit on every registered game: the loop keeps it whole on the fifth
    # game, small on Ricochet, and every broken engine and solver it must catch.
    # (test_every_solitaire_conforms above: ALL.)
    # The problem book's pages filled: the loop keeps two problem books made and compared.
    "test_poker_problems.py::test_problems_share_pages_and_no_page_is_mostly_empty": ALL,
    # Grades: the loop keeps the fifth game's grades through its verbs, and a deal outside
    # the levels asked left ungraded (an unwinnable deal asked for the other levels).
    "test_fifth_game.py::test_its_thresholds_grade_its_deals": ALL,
    "test_grading.py::test_a_deal_outside_the_levels_asked_is_left_unmeasured": ALL,
    # The lean SVG against reportlab's writer: the loop keeps the lean PDF against
    # reportlab's and the web rulebooks' figures with their words.
    "test_html.py::test_the_lean_svg_is_the_svg_reportlab_writes": ALL,
    # Verbs that import what a sheet spares: the loop keeps a rulebook and a picture, and
    # a deal in colour printed through rich.
    "test_startup.py::test_a_verb_that_needs_what_a_sheet_spares_imports_it": keep(
        "rulebook", "picture"
    ),
    # The fast hand evaluator against the readable one: the loop keeps 3,000 seeded random
    # hands of one to seven cards (the property test drew 300 more).
    "test_poker_hands.py::test_fast_and_readable_agree": ALL,
    # Random Ricochet games played out: the loop keeps the rules' own ruling tests (as for
    # Pyramid and TriPeaks above).
    "test_ricochet_engine.py::test_random_games_keep_the_invariants": ALL,
    # The house edge in two processes: the loop keeps it reproducible in one and equal to
    # the engine's sum.
    "test_poker_strategy.py::test_house_edge_is_reproducible_across_processes": ALL,
    # Compiled searches against the Python ones: a case each in the loop.
    "test_golf_solver.py::test_the_compiled_search_searches_as_the_python_one": keep("wrap"),
    "test_pyramid_compiled.py::test_the_compiled_core_searches_as_the_python_one": keep("3", "12"),
    # A renderer caught running a template: the loop keeps one of the two imports and a
    # broken contract caught.
    "test_architecture.py::test_a_renderer_that_runs_a_template_is_caught": keep(
        "printplay.core.templating"
    ),
    # Pyramid's per-rank dead test against the plain search on 300 starts: the loop keeps
    # it against trying every set (one case in ten).
    "test_pyramid_solver.py::test_short_by_rank_cuts_only_lost_positions": ALL,
    # TriPeaks' runs test against a matching on 300 drawn positions: the loop keeps its
    # hand-built runs and the numbered deals against the reference search.
    "test_tripeaks_solver.py::test_runs_test_is_sound_and_stronger": ALL,
    # Ricochet's stored lines and a stock-ends-game deal through every verb: the loop keeps
    # the numbered, strict and stock-ends-game deals against the reference search.
    "test_ricochet_solver.py::test_golden_solutions": ALL,
    "test_cli.py::test_stock_ends_game_end_to_end": ALL,
    # Poker cards folded across a Letter sheet: the loop keeps the gutter fold's backs
    # across the fold and the other layouts' backs behind their faces.
    "test_deck.py::test_bled_poker_cards_fold_across_a_letter_sheet": ALL,
    # The website's deal job under a house sheet's deadline: the loop keeps the same
    # deadline through `printplay sheet`.
    "test_typesetting_limits.py::"
    "test_the_website_s_deal_job_draws_a_house_sheet_under_the_deadline": ALL,
    # Suits breaking every tie, on 300 drawn pairs of hands: the loop keeps the tie-breaks
    # worked by hand, with suits and without.
    "test_poker_hands.py::test_suits_decide_every_tie_between_different_hands": ALL,
    # Random casino rounds played out (150 drawn): the loop keeps the casino's ruling tests,
    # pot, folds, splits and bonuses worked by hand (as for the standard game above).
    "test_poker_casino.py::test_random_rounds": ALL,
    # A rulebook of the home cap typeset for its summary: the loop keeps the default
    # rulebook's computed summary.
    "test_poker_rulebook.py::test_the_home_cap_rulebook_prints_its_own_summary": ALL,
    # A sheet read by typer (its paper in an odd case) typesets a whole sheet in a child
    # process: the loop keeps the other lines that go to typer and a plain sheet's.
    "test_startup.py::test_any_other_line_runs_through_typer": keep(
        "argv0-2", "argv1-0", "argv2-0"
    ),
    # A book's moves and captions typeset once for both layout passes: the loop keeps books
    # made and read (test_short_moves, test_a_mixed_book_rises_from_easy_to_expert).
    "test_books.py::test_a_books_moves_and_captions_are_typeset_once_for_every_pass": ALL,
    # Sheets in child processes checked for what they import: the loop keeps a plain sheet
    # run without typer (test_a_plain_sheet_runs_without_typer).
    "test_startup.py::test_a_sheet_imports_no_markdown_no_svg_no_xml": ALL,
    "test_startup.py::test_a_plain_sheets_libraries_load_with_the_command_line": ALL,
    # Every value of every parameter read as typer reads it: the loop keeps the quick
    # path's plain lines against typer's reading (test_quick_run.py).
    "test_startup.py::test_every_parameter_reads_every_value_as_typer_does": ALL,
    # The problem book made twice and compared: the loop keeps it made and read.
    "test_poker_problems.py::test_the_problem_book_is_reproducible": ALL,
    # Ricochet Poker's printables through the command line: the loop keeps its rulebook,
    # table card and sheets made and read.
    "test_cli_poker.py::test_poker_printables": ALL,
}
"""Tests the developer's loop leaves out (all or some of their cases), by
``file::function``."""
