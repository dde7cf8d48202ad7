"""engine/analysis"""
