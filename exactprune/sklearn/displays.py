"""placeholder"""
class KNormPathDisplay: pass
class ErrorBarDisplay: pass
