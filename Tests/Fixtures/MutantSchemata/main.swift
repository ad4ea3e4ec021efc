for (a, b, name) in [(0, 0.0, "feed"), (1, 1.0, "feed"), (2, 2.0, "x"), (3, 1.5, "feed"), (5, 0.25, "y"), (-1, 3.0, "feed")] {
    print(Fixture.run(a, b, name))
}
