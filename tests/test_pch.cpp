// The translation unit that builds the precompiled header every test
// executable reuses (tests/CMakeLists.txt): GoogleTest, GoogleMock and the
// standard headers most tests include, parsed once per build instead of once
// per test file (issue 20: the test command must fit in ten minutes).
