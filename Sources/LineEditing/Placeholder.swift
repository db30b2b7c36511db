public enum _Placeholder2 {}
